"""B. Digivolve (DB-B.0 … DB-B.7), with the preparation steps of D. Regroup (DB-D.4, DB-D.5).

Preparation: each player may put one next-level Digimon face down on the Digivolve Zone
(DB-B.0 before the first Duel, DB-D.5 in Regroup), and in Regroup may first set up a Rookie
change (DB-D.4). Reveal: starting with the first player, each player either Digivolves —
turns the card over onto the Duel Zone and fulfils one printed requirement (DB-B.2, DB-B.3) —
or passes, losing a face-down card (DB-B.5). One level per Duel (DB-B.7).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from oracle.cards import LEVELS, DigimonCard, PowerOptionCard, Requirement
from oracle.digibattle import phases
from oracle.digibattle.state import (
    PASS,
    READY,
    Action,
    Event,
    Game,
    PlayerState,
    State,
    shared_action,
)
from oracle.digibattle.tx import Tx, remove
from oracle.errors import IllegalActionError

_new = tuple.__new__  # builds a NamedTuple from all its values, skipping argument parsing

#: The ``passed`` event of the Digivolve phase (DB-B.5) of each player, built once.
PASSED_DIGIVOLVE = (Event("passed", "DB-B.5", 0), Event("passed", "DB-B.5", 1))
#: The ``rookie_change_set`` event (DB-D.4) of each player, built once (events are values).
ROOKIE_CHANGE_SET = (Event("rookie_change_set", "DB-D.4", 0),
                     Event("rookie_change_set", "DB-D.4", 1))

# ---------------------------------------------------------------------------------------------
# What a player could Digivolve into, and how.


def _base(state_players: tuple, cards: dict, p: int) -> DigimonCard:
    """The Digimon a new card must Digivolve from: the pending new Rookie, else the one
    showing (DB-D.4)."""
    me = state_players[p]
    return cards[me.pending_rookie or me.duel_zone[-1]]


def _supports(g: Game, zone: tuple[str, ...], effect: str) -> list[str]:
    """The cards of ``zone`` that are Power Options with an ``effect`` (DIGIVICE, ULTRA
    DIGIVOLVE), in zone order; the card set's such serials are listed once per game."""
    key = ("supports", effect)
    table = g.derived.get(key)
    if table is None:
        table = g.derived[key] = frozenset(s for s, c in g.cards.items()
                                           if isinstance(c, PowerOptionCard)
                                           and c.has_effect(effect))
    return [*filter(table.__contains__, zone)]


def _digivice_fits(card: PowerOptionCard, new: DigimonCard) -> bool:
    return any(e.kind == "digivice" and new.battle_type in e.battle_types for e in card.effects)


def methods(state: State, p: int, new_serial: str, hand: tuple[str, ...] | None = None,
            ) -> list[Action]:
    """Every complete ``digivolve`` action player ``p`` could take into ``new_serial`` now.

    Implements DB-B.3 (tribute payment, DIGIVICE, DNA), DB-B.3n (ULTRA DIGIVOLVE) and DB-B.7,
    under the game's readings of DB-AMB-1, -2, -4, -9, -11 and -27 (see :func:`_methods`).

    :param hand: the hand to draw partners, digivices and payments from (default: the
        player's hand without ``new_serial``).
    :returns: actions in a deterministic order; empty when the card cannot be reached.
    """
    g = state.game
    me = state.players[p]
    if not isinstance(g.card_set.cards[new_serial], DigimonCard):
        return []
    if hand is None:
        hand = tuple([c for c in me.hand if c != new_serial])
    # Support cards: from hand when played on reveal; already face down on the Power Port
    # when committed at preparation (DB-AMB-9 "at-prepare").
    support_zone = me.power_port if g.support_timing == "at-prepare" else hand
    base = me.pending_rookie or me.duel_zone[-1]  # the Digimon to Digivolve from (_base)
    return list(_methods(g, p, new_serial, base, hand, support_zone, len(me.online)))


@lru_cache(maxsize=4096)
def _methods(g: Game, p: int, new_serial: str, base_serial: str, hand: tuple[str, ...],
             support_zone: tuple[str, ...], online: int) -> tuple[Action, ...]:
    """The work of :func:`methods`, from exactly the facts it depends on: the game (card set
    and readings), the player, the new card, the base's serial, the hand, the support zone
    and the Online deck's size (only compared with tribute sizes).

    Cached (a speed-up only; the arguments are everything it reads, so an equal call has an
    equal answer): ``apply`` re-checks a ``digivolve`` against the list ``legal_actions``
    just made.
    """
    cards = g.card_set.cards
    new: DigimonCard = cards[new_serial]  # type: ignore[assignment]
    base: DigimonCard = cards[base_serial]  # type: ignore[assignment]
    step = new.level_index - base.level_index
    out: list[Action] = []
    act = "digivolve"
    for req in new.requirements:
        if req.kind == "tribute" and step == 1 and req.source == base.name:
            if req.offline > g.max_tribute:
                continue
            n = req.offline
            sources = {"online": ("online",), "hand": ("hand",),
                       "choice": ("online", "hand")}[g.pay_source]
            for src in sources:
                tag = src if g.pay_source == "choice" else None
                if src == "online":
                    if online >= n or g.short_pay != "refuse":
                        out.append(shared_action(act, p, new_serial, "tribute", source=tag))
                else:
                    for pay in combinations(sorted(hand), n):
                        out.append(shared_action(act, p, new_serial, "tribute", payment=pay,
                                                 source=tag))
        elif req.kind == "digivice" and step == 1 and req.source == base.name \
                and new.level in ("Ultimate", "Mega"):
            for s in _supports(g, support_zone, "digivice"):
                if _digivice_fits(cards[s], new):
                    out.append(shared_action(act, p, new_serial, "digivice", support=s))
        elif req.kind == "dna":
            out.extend(_dna(g, cards, p, base, new, new_serial, req, hand))
    if step == 1:
        for s in _supports(g, support_zone, "ultra_digivolve"):
            out.append(shared_action(act, p, new_serial, "ultra", support=s))
    if g.support_bound and g.support_timing == "at-prepare":
        # DB-AMB-27 "bound": a card committed at preparation is the only way (DB-B.3).
        committed = [s for s in support_zone if isinstance(cards[s], PowerOptionCard)
                     and (cards[s].has_effect("digivice")
                          or cards[s].has_effect("ultra_digivolve"))]
        if committed:
            out = [m for m in out if m.support in committed]
    return tuple(sorted(set(out), key=_key))


def _dna(g, cards, p, base, new, new_serial, req: Requirement, hand) -> list[Action]:
    """DB-B.3b DNA Digivolve: the Duel Zone Digimon is one partner, the other comes from hand.

    DB-AMB-4: under ``strict`` both must be exactly one level below the new card; under
    ``partner-lower`` the Duel Zone Digimon must (DB-B.7) and the partner may be any lower level.
    """
    a, b = req.partners
    out = []
    for on_zone, other in ((a, b), (b, a)):
        if not on_zone.matches(base) or base.level_index >= new.level_index:
            continue
        if g.dna != "either" and base.level_index != new.level_index - 1:
            continue
        for s in hand:
            c = cards[s]
            if isinstance(c, DigimonCard) and other.matches(c) and c.level_index < new.level_index:
                if g.dna == "strict" and c.level_index != new.level_index - 1:
                    continue
                out.append(shared_action("digivolve", p, new_serial, "dna", support=s))
    return out


def _key(a: Action) -> tuple:
    return (a.card or "", a.method or "", a.source or "", a.support or "", a.payment)


# ---------------------------------------------------------------------------------------------
# Preparation (DB-B.0, DB-D.4, DB-D.5)


def legal_prepare(state: State, p: int) -> list[Action]:
    """Actions in a preparation step: ``change_rookie``, ``prepare`` and ``ready``."""
    g = state.game
    cards = g.cards
    me = state.players[p]
    out: list[Action] = []
    hand = sorted(me.hand)
    if state.phase == "regroup" and me.pending_rookie is None:
        if g.rookie_change == "any-level" or len(me.duel_zone) == 1:
            # DB-D.4: each Rookie in hand (the card set's Rookies, listed once per game)
            changes = _per_player(g, "change_rookie", p)
            out.extend(map(changes.__getitem__, filter(_rookies(g).__contains__, hand)))
    if not me.digivolve_zone:
        base = _base(state.players, cards, p)
        # Next-level Digimon (DB-B.0) whose requirements name the base, or any of them with an
        # ULTRA DIGIVOLVE card in hand (DB-B.3n); _prepare_options checks the rest.
        level_ok, named = _prep_tables(g, base)
        has_ultra = _holds_ultra(g, me.hand)
        candidates = [*filter((level_ok if has_ultra else named).__contains__, hand)]
        if candidates:
            if g.support_timing == "at-prepare":
                for s in candidates:
                    out.extend(_prepare_options(state, p, s, has_ultra))
            else:
                prepares = _per_player(g, "prepare", p)
                for s in candidates:
                    # _prepare_options for the on-reveal timing, without looking up again what
                    # is known here: with an ULTRA DIGIVOLVE card any next-level card is
                    # reachable (as _reachable finds first); else check the hand without it.
                    new: DigimonCard = cards[s]  # type: ignore[assignment]
                    if (has_ultra and new.level_index - base.level_index == 1) or _reachable(
                            state, p, new, base, None, has_ultra):
                        out.append(prepares[s])
    out.append(READY[p])
    return out


class _Actions(dict):  # type: ignore[type-arg]
    """Card serial → ``Action(type, player, card)``, each built on first use."""

    def __init__(self, type_: str, p: int) -> None:
        super().__init__()
        self.type, self.p = type_, p

    def __missing__(self, s: str) -> Action:
        a = self[s] = shared_action(self.type, self.p, card=s)
        return a


def _per_player(g: Game, type_: str, p: int) -> _Actions:
    """The ``type_`` actions of player ``p`` by card (``g.derived``; actions are values, so
    each is built once and shared: a speed-up only)."""
    key = ("actions", type_, p)
    table = g.derived.get(key)
    if table is None:
        table = g.derived[key] = _Actions(type_, p)
    return table


def _rookies(g: Game) -> frozenset[str]:
    """The serials of the card set's Rookies (DB-D.4), listed once per game (``g.derived``)."""
    rookies = g.derived.get("rookies")
    if rookies is None:
        rookies = g.derived["rookies"] = frozenset(
            s for s, c in g.cards.items() if isinstance(c, DigimonCard) and c.level == "Rookie")
    return rookies


def _level_ok(g: Game, new_level: int, base: DigimonCard) -> bool:
    """DB-B.0: the next level up (DB-AMB-4 ``either``: or higher, for a DNA Digivolve), for
    a Digimon at level index ``new_level``."""
    step = new_level - base.level_index
    return step == 1 or step > 1 and g.dna == "either"


def _prep_tables(g: Game, base: DigimonCard) -> tuple[frozenset[str], frozenset[str]]:
    """For ``base`` on the Duel Zone: the serials of the card set's Digimon at a level it may
    be prepared into (:func:`_level_ok`, DB-B.0), and those of them whose requirements name
    it (:meth:`~oracle.cards.DigimonCard.names`).

    Worked out once per game and base, then looked up (``g.derived``): both depend only on
    the card set and the DB-AMB-4 reading, which are fixed for the game.
    """
    key = ("prepare", base.serial)
    tables = g.derived.get(key)
    if tables is None:
        cards = g.cards
        by_level = g.derived.get("digimon_by_level")
        if by_level is None:  # level index -> the serials of the card set's Digimon there
            by_level = g.derived["digimon_by_level"] = {}
            for s, c in cards.items():
                if isinstance(c, DigimonCard):
                    by_level.setdefault(c.level_index, []).append(s)
        level_ok = frozenset(s for level, serials in by_level.items()
                             if _level_ok(g, level, base) for s in serials)
        named = frozenset(s for s in level_ok if cards[s].names(base))  # type: ignore[union-attr]
        tables = g.derived[key] = (level_ok, named)
    return tables


def _holds_ultra(g: Game, hand: tuple[str, ...]) -> bool:
    """Whether ``hand`` holds an ULTRA DIGIVOLVE card (DB-B.3n).

    The card set's ULTRA DIGIVOLVE serials are listed once per game (``g.derived``).
    """
    ultra = g.derived.get("ultra")
    if ultra is None:
        ultra = g.derived["ultra"] = frozenset(
            s for s, c in g.card_set.cards.items()
            if isinstance(c, PowerOptionCard) and c.has_effect("ultra_digivolve"))
    return not ultra.isdisjoint(hand)


def _prepare_options(state: State, p: int, s: str, has_ultra: bool | None = None,
                     ) -> list[Action]:
    """DB-B.0: a next-level Digimon whose requirements name the Digimon on the Duel Zone and
    whose other requirements the player can fulfil (checked against the hand now)."""
    g = state.game
    cards = g.card_set.cards
    base = _base(state.players, cards, p)
    level_ok, named = _prep_tables(g, base)
    if s not in level_ok:  # (not a Digimon, or not at a level reachable from the base)
        return []
    new: DigimonCard = cards[s]  # type: ignore[assignment]
    if has_ultra is None:  # (``s`` itself is a Digimon, so the whole hand can be searched)
        has_ultra = _holds_ultra(g, state.players[p].hand)
    if not has_ultra and s not in named:
        return []
    hand = tuple([c for c in state.players[p].hand if c != s])
    if g.support_timing == "at-prepare":
        # The support card goes face down on the Power Port now (DB-AMB-9 "at-prepare").
        out = []
        plain = [m for m in methods(state, p, s, hand) if m.method in ("tribute", "dna")]
        if plain:
            out.append(shared_action("prepare", p, card=s))
        for sup in sorted(hand):
            c = cards[sup]
            if isinstance(c, PowerOptionCard) and (
                c.has_effect("ultra_digivolve") or c.has_effect("digivice")
            ):
                st = state._replace(players=_with_port(state, p, sup))
                if any(m.support == sup for m in methods(st, p, s, remove(hand, (sup,)))):
                    out.append(shared_action("prepare", p, card=s, support=sup))
        return out
    reachable = _reachable(state, p, new, base, hand, has_ultra)
    return [shared_action("prepare", p, card=s)] if reachable else []


def _reachable(state: State, p: int, new: DigimonCard, base: DigimonCard,
               hand: tuple[str, ...] | None, has_ultra: bool) -> bool:
    """Fast check that :func:`methods` would offer at least one way (on-reveal timing).

    :param hand: the hand without ``new`` (None: the player's hand, which holds ``new``).
    :param has_ultra: whether ``hand`` holds an ULTRA DIGIVOLVE card (DB-B.3n).
    """
    g = state.game
    cards = g.cards
    step = new.level_index - base.level_index
    if step == 1:
        if has_ultra:
            return True
        for req in new.requirements:
            if req.kind == "tribute" and req.source == base.name \
                    and req.offline <= g.max_tribute:
                n = req.offline
                if g.pay_source != "hand" and (len(state.players[p].online) >= n
                                               or g.short_pay != "refuse"):
                    return True
                if g.pay_source != "online" and (
                        len(hand) if hand is not None else len(state.players[p].hand) - 1) >= n:
                    return True
            elif req.kind == "digivice" and req.source == base.name \
                    and new.level in ("Ultimate", "Mega"):
                # (``new`` itself, a Digimon, is never a DIGIVICE: the whole hand will do)
                if any(isinstance(cards[c], PowerOptionCard) and _digivice_fits(cards[c], new)
                       for c in (hand if hand is not None else state.players[p].hand)):
                    return True
    return new.serial in _dna_cards(g) and bool(methods(state, p, new.serial, hand))


def _dna_cards(g: Game) -> frozenset[str]:
    """The serials of the card set's Digimon with a DNA requirement (DB-B.3b), listed once
    per game (``g.derived``)."""
    dna = g.derived.get("dna_cards")
    if dna is None:
        dna = g.derived["dna_cards"] = frozenset(
            s for s, c in g.cards.items()
            if isinstance(c, DigimonCard) and any(r.kind == "dna" for r in c.requirements))
    return dna


def _with_port(state: State, p: int, sup: str) -> tuple:
    ps = list(state.players)
    ps[p] = ps[p]._replace(power_port=ps[p].power_port + (sup,))
    return tuple(ps)


def prepare(tx: Tx, a: Action) -> None:
    """DB-B.0 / DB-D.5: put a next-level Digimon face down on the Digivolve Zone.

    :raises IllegalActionError: DB-B.0 (DB-D.5 in Regroup): not a reachable next-level card,
        or requirements that cannot be fulfilled; DB-B.7: more than one level up.
    """
    p = a.player
    assert p is not None
    state = tx.s  # (nothing has changed yet in this action)
    me = state.players[p]
    if not tx.listed(a):
        _check_prepare(tx, state, p, a)
    hand = remove(me.hand, (a.card,))
    port = me.power_port
    if a.support:
        hand = remove(hand, (a.support,))
        port = port + (a.support,)
    deck, _, online, offline, dz, _, _, score, passed, digivolved, pending, acted = me
    tx.ps[p] = _new(PlayerState, (deck, hand, online, offline, dz, (a.card,), port, score, passed,
                                  digivolved, pending, acted))
    tx.event("prepared", "DB-D.5" if state.phase == "regroup" else "DB-B.0", p,
             support=a.support)
    end_preparation(tx, p)


def _check_prepare(tx: Tx, state: State, p: int, a: Action) -> None:
    """The checks of :func:`prepare` (DB-B.0, DB-D.5, DB-B.7) for an action ``legal_actions``
    did not just list.

    :raises IllegalActionError: as :func:`prepare` documents.
    """
    me = state.players[p]
    clause = "DB-D.5" if state.phase == "regroup" else "DB-B.0"
    if me.digivolve_zone:
        raise IllegalActionError(clause, "only one card may wait on the Digivolve Zone")
    if a.card not in me.hand:
        raise IllegalActionError(clause, f"{a.card} is not in player {p}'s hand")
    new = tx.cards[a.card]
    if not isinstance(new, DigimonCard):
        raise IllegalActionError(clause, f"{a.card} is not a Digimon")
    base = _base(state.players, tx.cards, p)
    if new.level_index > base.level_index + 1 and not (
        tx.game.dna == "either" and any(r.kind == "dna" for r in new.requirements)
    ):
        raise IllegalActionError(
            "DB-B.7", f"{new.name} ({new.level}) is more than one level above {base.name} "
            f"({base.level}): a Digimon may Digivolve only one level per Duel")
    if a not in _prepare_options(state, p, a.card):
        raise IllegalActionError(
            clause, f"{new.name} cannot be prepared over {base.name}: its Digivolve "
            "Requirements do not name it, or they cannot be fulfilled now")


def change_rookie(tx: Tx, a: Action) -> None:
    """DB-D.4: put a new Rookie face down on top of the old one (revealed on the player's
    Digivolve turn, when the old Rookie goes Offline).

    :raises IllegalActionError: DB-D.4 outside Regroup, twice, after preparing, with a
        non-Rookie, or (DB-AMB-8 ``rookie-showing``) while a Champion or higher is showing.
    """
    p = a.player
    assert p is not None
    me = tx.ps[p]
    if tx.phase != "regroup":
        raise IllegalActionError("DB-D.4", "a Rookie can be changed only during Regroup")
    if me.pending_rookie is not None:
        raise IllegalActionError("DB-D.4", "a Rookie change is already set up")
    if me.digivolve_zone:
        raise IllegalActionError("DB-D.4", "change the Rookie before preparing a Digivolve")
    card = tx.cards.get(a.card or "")
    if a.card not in me.hand or not isinstance(card, DigimonCard) or card.level != "Rookie":
        raise IllegalActionError("DB-D.4", f"{a.card} is not a Rookie in player {p}'s hand")
    if tx.game.rookie_change == "rookie-showing" and len(me.duel_zone) != 1:
        raise IllegalActionError(
            "DB-D.4", "the Rookie can be changed only while it is the Digimon showing")
    deck, hand, online, offline, dz, dvz, port, score, passed, digivolved, _, acted = me
    tx.ps[p] = _new(PlayerState, (deck, remove(hand, (a.card,)), online, offline, dz, dvz, port,
                                  score, passed, digivolved, a.card, acted))
    tx.events.append(ROOKIE_CHANGE_SET[p])


def ready(tx: Tx, a: Action) -> None:
    """End the player's preparation without (further) preparing."""
    assert a.player is not None
    end_preparation(tx, a.player)


def end_preparation(tx: Tx, p: int) -> None:
    """After a player prepared: the next player prepares, or the Duel begins."""
    if tx.phase == "digivolve":  # before the first Duel (DB-B.0)
        if p == 0:
            tx.to_move = 1
        else:
            tx.step = "coin_toss"
            tx.to_move = "chance"
            tx.chance = ("coin_toss",)
    elif p == phases.regroup_first(tx):  # DB-D.1 / DB-AMB-25: the other player regroups
        phases.begin_discard(tx, 1 - p)
    else:
        start_duel(tx)


def start_duel(tx: Tx) -> None:
    """DB-D.6: the next Duel starts at step B.2 with the last Duel's winner (after a tie, the
    player who went first last time; ``first_player`` is left unchanged by a tie)."""
    duel = tx.duel + 1
    if tx.game.max_duels is not None and duel > tx.game.max_duels:
        phases.game_over(tx, None, "duel_limit")
        return
    tx.duel = duel
    tx.plays = ()
    tx.event("duel_started", "DB-D.6", tx.first_player, duel=duel)
    begin_reveal(tx, new_duel=True)


# ---------------------------------------------------------------------------------------------
# Reveal (DB-B.2 … DB-B.7)


def begin_reveal(tx: Tx, new_duel: bool = False) -> None:
    """DB-B.2: the first player starts the Digivolve phase; DB-B.6: if neither player has
    anything to Digivolve, go straight to Battle.

    :param new_duel: a new Duel starts (DB-D.6): nobody has Digivolved in it yet (DB-B.7).
    """
    first = tx.first_player
    tx.phase = "digivolve"
    tx.step = "reveal"
    tx.to_move = first
    ps = tx.ps
    for i in (0, 1):  # (a player with none of the flags set is left as it is)
        me = ps[i]
        if new_duel:
            deck, hand, online, offline, dz, dvz, port, score, passed, digivolved, pending, \
                acted = me
            if digivolved or acted or passed:
                ps[i] = _new(PlayerState, (deck, hand, online, offline, dz, dvz, port, score,
                                           False, False, pending, False))
        elif me.acted or me.passed:
            tx.flags(i, False, False)
    if not (_has_something(tx, 0) or _has_something(tx, 1)):
        tx.event("digivolve_phase_skipped", "DB-B.6", None)
        phases.begin_battle(tx)


def _has_something(tx: Tx, p: int) -> bool:
    me = tx.ps[p]
    if me.digivolve_zone or me.pending_rookie:
        return True
    if tx.game.from_hand:
        state = tx.build()
        return any(methods(state, p, s) for s in me.hand)
    return False


def legal_reveal(state: State, p: int) -> list[Action]:
    """DB-B.2 … B.6: Digivolve the face-down card (each way its requirements allow), or pass."""
    me = state.players[p]
    st = _revealed_rookie_state(state, p)
    out: list[Action] = []
    if me.digivolve_zone:
        out.extend(methods(st, p, me.digivolve_zone[0], st.players[p].hand))
    elif state.game.from_hand:
        for s in sorted(me.hand):
            out.extend(methods(st, p, s))
    out.append(PASS[p])
    return out


def _revealed_rookie_state(state: State, p: int) -> State:
    me = state.players[p]
    if me.pending_rookie is None:
        return state
    deck, hand, online, offline, _, dvz, port, score, passed, digivolved, new, acted = me
    ps = list(state.players)
    ps[p] = _new(PlayerState, (deck, hand, online, offline, (new,), dvz, port, score, passed,
                               digivolved, None, acted))
    return _new(State, (state[0], (ps[0], ps[1]), *state[2:]))  # (players replaced)


def _reveal_rookie(tx: Tx, p: int) -> None:
    """DB-D.4: turn the new Rookie over; the old one (DB-AMB-8 ``any-level``: the whole old
    stack) goes Offline."""
    me = tx.ps[p]
    if me.pending_rookie is None:
        return
    deck, hand, online, offline, old, dvz, port, score, passed, digivolved, new, acted = me
    tx.ps[p] = _new(PlayerState, (deck, hand, online, offline + old, (new,), dvz, port, score,
                                  passed, digivolved, None, acted))
    tx.event("rookie_changed", "DB-D.4", p, card=new, offline=list(old))


def digivolve(tx: Tx, a: Action) -> None:
    """DB-B.2 + DB-B.3: turn the Digivolve Zone card over onto the Duel Zone and fulfil one of
    its requirements.

    :raises IllegalActionError: DB-B.7 (already Digivolved this Duel, or more than one level),
        DB-B.6 (nothing face down to Digivolve; also DB-B.2, or DB-B.4 and DB-B.2 for the
        second player: a Digivolve turns the Digivolve Zone card over), DB-B.3 (requirements
        not fulfilled as given).
    """
    p = a.player
    assert p is not None
    g = tx.game
    me = tx.ps[p]
    if me.digivolved:
        raise IllegalActionError("DB-B.7", "a Digimon may Digivolve only one level per Duel")
    if me.digivolve_zone:
        if a.card != me.digivolve_zone[0]:
            raise IllegalActionError(
                "DB-B.2", f"the card to turn over is the one on the Digivolve Zone, "
                f"not {a.card}")
    elif not (g.from_hand and a.card in me.hand):
        # DB-B.6: with nothing face down the player must pass. A Digivolve is turning the
        # Digivolve Zone card face up (DB-B.2 for the first player; DB-B.4: the second
        # answers "by Digivolving the same way"), so a card from anywhere else breaks that
        # rule too.
        way = ("DB-B.2",) if p == tx.first_player else ("DB-B.4", "DB-B.2")
        raise IllegalActionError("DB-B.6", "there is no card on the Digivolve Zone to turn over",
                                 also=way)
    listed = tx.listed(a)
    _reveal_rookie(tx, p)
    new = tx.cards.get(a.card or "")
    if not listed:
        _check_digivolve(tx, p, a, me)
    me = tx.ps[p]
    assert isinstance(new, DigimonCard)
    deck, hand, online, offline, dz, _, port, score, passed, _, pending, _ = me
    tx.ps[p] = _new(PlayerState, (deck, remove(hand, (a.card,)), online, offline, dz + (a.card,),
                                  (), port, score, passed, True, pending, True))
    tx.event("digivolved", "DB-B.2", p, card=a.card, level=new.level, method=a.method)
    _fulfil(tx, p, a, new)
    for e in new.effects:
        if e.kind == "score_on_digivolve":
            phases.add_points(tx, p, e.points, "DB-B.3n", effect="score_on_digivolve")
    _next_reveal(tx, p)


def _check_digivolve(tx: Tx, p: int, a: Action, before: PlayerState) -> None:
    """The checks of :func:`digivolve` (DB-B.7, DB-B.3) after the Rookie change is revealed,
    for an action ``legal_actions`` did not just list; ``before`` is the player before it.

    :raises IllegalActionError: as :func:`digivolve` documents.
    """
    g = tx.game
    state = tx.build()
    new = tx.cards.get(a.card or "")
    base = _base(state.players, tx.cards, p)
    if isinstance(new, DigimonCard) and new.level_index > base.level_index + 1 and not (
        g.dna == "either" and a.method == "dna"
    ):
        raise IllegalActionError(
            "DB-B.7", f"{new.name} is more than one level above {base.name}")
    hand = state.players[p].hand if before.digivolve_zone else None
    if a not in methods(state, p, a.card or "", hand):
        raise IllegalActionError(
            "DB-B.3", f"the Digivolve Requirements of {a.card} are not fulfilled by "
            f"{a.method} {a.support or ''}{' '.join(a.payment)}".rstrip())


def _fulfil(tx: Tx, p: int, a: Action, new: DigimonCard) -> None:
    """DB-B.3: pay the tribute, place the DIGIVICE / DNA partner / ULTRA DIGIVOLVE."""
    g = tx.game
    me = tx.ps[p]
    if a.method == "tribute":
        n = next(r.offline for r in new.requirements
                 if r.kind == "tribute" and r.source == tx.cards[me.duel_zone[-2]].name)
        src = a.source or g.pay_source
        if src == "hand":
            tx.hand_to_offline(p, a.payment)
            tx.event("payment", "DB-B.3", p, source="hand", cards=list(a.payment))
        else:
            paid = tx.online_to_offline(p, n)
            tx.event("payment", "DB-B.3", p, source="online", cards=list(paid))
            if len(paid) < n:
                owe = n - len(paid)
                if g.short_pay == "across":
                    phases.owe_payment(tx, p, owe)
                else:
                    tx.event("payment_forgiven", "DB-B.3", p, missing=owe,
                             ambiguity="DB-AMB-2")
    elif a.method in ("digivice", "ultra", "dna"):
        assert a.support is not None
        if a.support in me.hand:
            tx.hand_to_port(p, a.support)
        tx.event("support_placed", "DB-B.3" if a.method != "ultra" else "DB-B.3n", p,
                 card=a.support, method=a.method)
        if a.method == "ultra":
            rest = tx.ps[p].hand
            tx.hand_to_offline(p, rest)
            tx.event("hand_sent_offline", "DB-B.3n", p, cards=list(rest))


def pass_digivolve(tx: Tx, a: Action) -> None:
    """DB-B.5: pass; a card face down on the Digivolve Zone goes Offline (use it or lose it);
    under DB-AMB-9 ``at-prepare`` with DB-AMB-28 ``offline`` the card committed with it too.
    A pending new Rookie is still turned over (DB-D.4)."""
    p = a.player
    assert p is not None
    _reveal_rookie(tx, p)
    me = tx.ps[p]
    if me.digivolve_zone:
        tx.upd(p, offline=me.offline + me.digivolve_zone, digivolve_zone=())
        tx.event("use_it_or_lose_it", "DB-B.5", p, card=me.digivolve_zone[0])
        if tx.game.support_timing == "at-prepare" and tx.game.committed_on_pass == "offline":
            # DB-AMB-28 "offline": the card committed with it goes too.
            me = tx.ps[p]
            gone = tuple(s for s in me.power_port if isinstance(tx.cards[s], PowerOptionCard))
            if gone:
                tx.upd(p, power_port=remove(me.power_port, gone), offline=me.offline + gone)
                tx.event("use_it_or_lose_it", "DB-B.5", p, card=gone[0])
    tx.flags(p, True, True)
    tx.events.append(PASSED_DIGIVOLVE[p])
    _next_reveal(tx, p)


def _next_reveal(tx: Tx, p: int) -> None:
    """DB-B.4: the second player answers; DB-B.7: the phase ends when both have acted."""
    if tx.phase == "game_over":
        return
    other = 1 - p
    if not tx.ps[other].acted:
        tx.to_move = other
    else:
        phases.begin_battle(tx)


LEVEL_NAMES = LEVELS

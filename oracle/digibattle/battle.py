"""C. Battle (DB-C.1 … DB-C.9) and Digimon Power (DB-A.4).

Starting with the Duel's first player (the coin-toss winner, later the last Duel's winner),
players alternate playing one Power Option card per turn on their Power Port (DB-C.1); an
Effect applies only when its Use Requirements are fulfilled that turn (DB-C.2). When a player
passes the other may go on alone (DB-C.3, DB-AMB-6). When play stops, the higher Digimon Power
wins the Duel (DB-C.4) and scores from its SCORE chart (DB-C.5); clean-up (DB-C.6); the winner
goes first next (DB-C.7); a tie scores nothing (DB-C.8); the target score wins (DB-C.9).
"""

from __future__ import annotations

from itertools import combinations, repeat

from oracle.cards import DigimonCard, PowerOptionCard
from oracle.digibattle import phases
from oracle.digibattle.power import abilities, condition_holds, digimon_power
from oracle.digibattle.state import (
    PASS,
    Action,
    Event,
    Game,
    Play,
    PlayerState,
    State,
    shared_action,
)
from oracle.digibattle.tx import Tx, remove
from oracle.errors import IllegalActionError

_new = tuple.__new__  # builds a NamedTuple from all its values, skipping argument parsing

#: The ``passed`` event (DB-C.3) of player 0 and of player 1, built once (events are values).
PASSED = (Event("passed", "DB-C.3", 0), Event("passed", "DB-C.3", 1))
#: The ``next_first_player`` event of a Duel's winner (DB-C.7), for each player.
NEXT_FIRST_PLAYER = (Event("next_first_player", "DB-C.7", 0),
                     Event("next_first_player", "DB-C.7", 1))

# ---------------------------------------------------------------------------------------------
# Playing Power Option cards (DB-C.1 … DB-C.3)


def _restriction_problem(state: State, p: int, card: PowerOptionCard,
                         ) -> tuple[str, str] | None:
    """Printed restrictions (always enforced; not Use Requirements): ``(clause, reason)``.

    DIGIVOLVE cards belong to the Digivolve phase (DB-B.3n); the other printed limits are
    part of the card's Use Requirements in the wide sense of DB-C.2.
    """
    g = state.game
    me = state.players[p]
    cards = g.card_set.cards
    for r in card.restrictions:
        if r == "digivolve_phase_only":
            return "DB-B.3n", f"{card.name} can be used only during the Digivolve phase"
        if r == "not_with_rookie_showing":
            rookie_there = (cards[me.duel_zone[-1]].level == "Rookie"
                            if g.rookie_restriction == "showing" else True)
            if rookie_there:
                return "DB-C.2", f"{card.name} cannot be used with a Rookie on the Duel Zone"
        if r == "not_after_opponent_passes" and state.players[1 - p].passed:
            return "DB-C.2", f"{card.name} cannot be used after the opponent passes"
        if r == "once_per_duel" and card.name in map(  # DB-AMB-26: this player's, or both's
            _names(g).__getitem__, me.power_port + state.players[1 - p].power_port
            if g.once_scope == "per-duel" else me.power_port):
            return "DB-C.2", f"only one {card.name} may be used per Duel"
    if card.option_type == "DIGIVOLVE":
        return "DB-B.3n", f"{card.name} is a DIGIVOLVE card, used only in the Digivolve phase"
    return None


def _names(g: Game) -> dict[str, str]:
    """Serial → card name, for the whole card set (listed once per game, ``g.derived``)."""
    names = g.derived.get("names")
    if names is None:
        names = g.derived["names"] = {s: c.name for s, c in g.cards.items()}
    return names


def _fulfilment(state: State, p: int, card: PowerOptionCard) -> list[tuple[tuple[str, ...], bool]]:
    """Ways to meet the Use Requirements (DB-C.2): ``(discard choice, fulfilled)`` pairs.

    Online payments and ability checks have no choice; a hand discard does. Under DB-AMB-13
    ``no-effect`` an unfulfilled play (empty discard, fulfilled False) is also offered.
    """
    g = state.game
    me = state.players[p]
    ok = True
    discard_n = 0
    for u in card.use_requirements:
        if u.kind == "own_ability":
            ok = ok and u.ability in abilities(state, p)
        elif u.kind == "online_to_offline":
            ok = ok and (len(me.online) >= u.count or g.short_pay != "refuse")
        elif u.kind == "discard_from_hand":
            discard_n += u.count
    out: list[tuple[tuple[str, ...], bool]] = []
    if ok:
        if discard_n:
            rest = [*filter(card.serial.__ne__, sorted(me.hand))]
            out.extend(zip(combinations(rest, discard_n), repeat(True)))
        else:
            out.append(((), True))
    if g.unfulfilled_ok and not (ok and not discard_n):
        out.append(((), False))
    return out


def _targets(state: State, p: int, card: PowerOptionCard) -> list[int | None]:
    if not card.has_effect("downgrade_champion"):
        return [None]
    cards = state.game.card_set.cards
    return [i for i in (p, 1 - p) if cards[state.players[i].duel_zone[-1]].level == "Champion"]


def legal_battle(state: State, p: int) -> list[Action]:
    """DB-C.1 … C.3: every playable Power Option (each way to fulfil it), then ``pass``."""
    g = state.game
    options = _battle_options(g)
    hand = [*filter(options.__contains__, state.players[p].hand)]
    if not hand:
        return [PASS[p]]
    plain = _plain_plays(g, p)
    out: list[Action] = []
    for s in sorted(hand):  # (serials are unique, DB-A.5)
        a = plain.get(s)
        if a is not None:  # (nothing to check and a single way to play it)
            out.append(a)
            continue
        c = options[s]
        if c.restrictions and _restriction_problem(state, p, c):
            continue
        targets = _targets(state, p, c)
        made = _option_plays(g, p, s)
        for discard, _ok in _fulfilment(state, p, c):
            for t in targets:
                a = made.get((discard, t))
                if a is None:
                    a = made[discard, t] = shared_action("play_option", p, s, discard=discard,
                                                         target=t)
                out.append(a)
    out.append(PASS[p])
    return out


def _battle_options(g: Game) -> dict[str, PowerOptionCard]:
    """Serial → card for the card set's Power Options that a Battle phase may see played:
    all but the DIGIVOLVE cards and those usable only during the Digivolve phase (which
    :func:`_restriction_problem` refuses whatever the state, DB-B.3n). Listed once per game
    (``g.derived``): it depends only on the card set."""
    table = g.derived.get("battle_options")
    if table is None:
        table = g.derived["battle_options"] = {
            s: c for s, c in g.cards.items() if isinstance(c, PowerOptionCard)
            and c.option_type != "DIGIVOLVE" and "digivolve_phase_only" not in c.restrictions}
    return table


def _option_plays(g: Game, p: int, s: str) -> dict[tuple[tuple[str, ...], int | None], Action]:
    """(discard, target) → the ``play_option`` of card ``s`` by player ``p``, each built on
    first use (``g.derived``; actions are values, built once and shared: a speed-up only)."""
    key = ("option_plays", p, s)
    table = g.derived.get(key)
    if table is None:
        table = g.derived[key] = {}
    return table


def _plain_plays(g: Game, p: int) -> dict[str, Action]:
    """Serial → the one ``play_option`` of player ``p`` for each Battle Power Option without
    printed restrictions, Use Requirements (DB-C.2) or target: playable whenever held, in
    exactly one way (``g.derived``; actions are values, built once and shared)."""
    key = ("plain_plays", p)
    table = g.derived.get(key)
    if table is None:
        table = g.derived[key] = {
            s: shared_action("play_option", p, card=s, discard=(), target=None)
            for s, c in _battle_options(g).items()
            if not c.restrictions and not c.use_requirements
            and not c.has_effect("downgrade_champion")}
    return table


def play_option(tx: Tx, a: Action) -> None:
    """DB-C.1/DB-C.2: put a Power Option card on the Power Port and fulfil its Use
    Requirements; its Effect applies from now on (or at the Duel's end).

    :raises IllegalActionError: DB-C.1 (not a Power Option in hand), DB-C.2 (restriction or
        Use Requirement not met, bad discard), DB-C.3 (the player already passed).
    """
    p = a.player
    assert p is not None
    state = tx.s  # (nothing has changed yet in this action)
    me = state.players[p]
    card = tx.cards.get(a.card or "")
    listed = tx.listed(a)
    if not listed:
        if a.card not in me.hand or not isinstance(card, PowerOptionCard):
            raise IllegalActionError("DB-C.1",
                                     f"{a.card} is not a Power Option card in the hand")
        problem = _restriction_problem(state, p, card)
        if problem:
            raise IllegalActionError(*problem)
        discard = tuple(sorted(a.discard))
        if discard != a.discard:  # (the usual case, already sorted, keeps the action as it is)
            a = a._replace(discard=discard)
    assert isinstance(card, PowerOptionCard)
    ways = _fulfilment(state, p, card)
    match = [ok for d, ok in ways if d == a.discard]
    if not match:
        raise IllegalActionError(
            "DB-C.2", f"the Use Requirements of {card.name} are not fulfilled "
            f"(\"{card.text}\")")
    fulfilled = match[0]
    if not listed:
        targets = _targets(state, p, card)
        if a.target not in targets:
            raise IllegalActionError(
                "DB-C.2", f"{card.name} needs a target player with a Champion showing: "
                f"one of {[t for t in targets if t is not None]}")
    held = all(condition_holds(state, p, e.when) for e in card.effects if e.when)
    tx.hand_to_port(p, card.serial)
    tx.event("option_played", "DB-C.1", p, card=card.serial, fulfilled=fulfilled)
    if fulfilled:
        tx.plays = tx.plays + (Play(p, card.serial, held),)
        if a.discard:
            tx.hand_to_offline(p, a.discard)
            tx.event("use_requirement", "DB-C.2", p, discarded=list(a.discard))
        for u in card.use_requirements:
            if u.kind == "online_to_offline":
                paid = tx.online_to_offline(p, u.count)
                tx.event("use_requirement", "DB-C.2", p, online_to_offline=list(paid))
                if len(paid) < u.count and tx.game.short_pay == "across":
                    phases.owe_payment(tx, p, u.count - len(paid))
        for e in card.effects:
            if e.kind == "downgrade_champion" and a.target is not None:
                t = a.target
                victim = tx.ps[t]
                top = victim.duel_zone[-1]
                tx.upd(t, duel_zone=victim.duel_zone[:-1], offline=victim.offline + (top,))
                tx.event("downgraded", "DB-C.2", t, card=top, by=p)
    else:
        tx.event("effect_void", "DB-C.2", p, card=card.serial, ambiguity="DB-AMB-13")
    if tx.game.pass_final is False:
        tx.upd(1 - p, passed=False)
    other = 1 - p
    if not tx.ps[other].passed:
        tx.to_move = other


def pass_battle(tx: Tx, a: Action) -> None:
    """DB-C.3: the player stops playing; when both have stopped, the Duel ends (DB-C.4)."""
    p = a.player
    assert p is not None
    tx.flags(p, True, tx.ps[p].acted)
    tx.events.append(PASSED[p])
    if tx.ps[1 - p].passed:
        end_duel(tx)
    else:
        tx.to_move = 1 - p


# ---------------------------------------------------------------------------------------------
# End of the Duel (DB-C.4 … DB-C.9)


def end_duel(tx: Tx) -> None:
    """DB-C.4 … C.8: decide the Duel, score, clean up, and go to Regroup."""
    state = tx.build()
    powers = (digimon_power(state, 0), digimon_power(state, 1))
    cards = tx.cards
    plays_by = {0: [], 1: []}  # fulfilled Power Options of each player
    for play in state.plays:
        plays_by[play.player].append(cards[play.card])
    if powers[0] == powers[1]:
        tx.event("duel_tied", "DB-C.8", None, powers=list(powers))
        for i in (0, 1):
            if any(e.kind == "opponent_digimon_offline_on_tie" for e in tx.showing(i).effects):
                by = cards[tx.ps[i].duel_zone[-1]].serial
                if tx.game.bakemon_reach == "showing-only":  # DB-AMB-22
                    _lose_showing(tx, 1 - i, "DB-C.8", effect=by)
                else:
                    _lose_digimon(tx, 1 - i, "DB-C.8", effect=by)
        _clear_power_ports(tx, keeper=(0, 1))
        tx.event("next_first_player", "DB-C.8", tx.first_player)
    else:
        w = 0 if powers[0] > powers[1] else 1
        loser = 1 - w
        tx.event("duel_won", "DB-C.4", w, powers=list(powers))
        win_card, lose_card = tx.showing(w), tx.showing(loser)
        points = win_card.score[lose_card.level]
        doubled = any(c.has_effect("double_score_on_win") for c in plays_by[w])
        if doubled and tx.game.digi_duel == "duel-points":
            points *= 2
        if tx.game.score_first:  # DB-AMB-23 "score-first": points and DB-C.9 before the rest
            tx.first_player = w
            tx.last_duel_winner = w
            tx.events.append(NEXT_FIRST_PLAYER[w])
            _score(tx, w, points, lose_card.level, win_card.serial, doubled)
            if tx.phase == "game_over":
                tx.plays = ()
                return
        for e in win_card.effects:
            if e.kind == "mill_opponent_on_win":
                milled = tx.online_to_offline(loser, e.count)
                tx.event("milled", "DB-C.4", loser, cards=list(milled), by=win_card.serial)
        for c in plays_by[loser]:
            for e in c.effects:
                if e.kind == "mill_opponent_on_loss":
                    milled = tx.online_to_offline(w, e.count)
                    tx.event("milled", "DB-C.4", w, cards=list(milled), by=c.serial)
        _lose_digimon(tx, loser, "DB-C.6")
        _clear_power_ports(tx, keeper=(w,))
        if not tx.game.score_first:
            tx.first_player = w
            tx.last_duel_winner = w
            tx.events.append(NEXT_FIRST_PLAYER[w])
            _score(tx, w, points, lose_card.level, win_card.serial, doubled)
    tx.plays = ()
    if tx.phase == "game_over":
        return
    if tx.game.end_check == "end-of-duel":
        s0, s1 = tx.ps[0].score, tx.ps[1].score
        t = tx.game.target
        if s0 >= t or s1 >= t:
            phases.game_over(tx, 0 if s0 > s1 else 1 if s1 > s0 else tx.first_player)
            return
    if tx.game.recycle_after_duel:  # DB-AMB-21: the decks emptied during the Duel (DB-D.3)
        for i in (0, 1):
            if not tx.ps[i].online and i not in tx.emptied:
                tx.emptied.append(i)
    phases.begin_regroup(tx)


def _score(tx: Tx, w: int, points: int, defeated: str, card: str, doubled: bool) -> None:
    """DB-C.5: the winner scores (DB-AMB-14 ``total``: Digi-Duel then doubles the total)."""
    phases.add_points(tx, w, points, "DB-C.5", defeated=defeated, card=card, doubled=doubled)
    if doubled and tx.game.digi_duel == "total" and tx.phase != "game_over":
        phases.add_points(tx, w, tx.ps[w].score, "DB-C.5", effect="double_score_on_win")


def _lose_showing(tx: Tx, i: int, clause: str, **data: object) -> None:
    """DB-C.8 with DB-AMB-22 ``showing-only``: only the Digimon showing goes Offline (a Rookie
    showing stays)."""
    me = tx.ps[i]
    if len(me.duel_zone) > 1:
        gone = me.duel_zone[-1:]
        tx.upd(i, duel_zone=me.duel_zone[:-1], offline=me.offline + gone)
        tx.event("digimon_sent_offline", clause, i, cards=list(gone), **data)


def _lose_digimon(tx: Tx, i: int, clause: str, **data: object) -> None:
    """DB-C.6: all Digimon except the Rookie go Offline."""
    deck, hand, online, offline, dz, dvz, port, score, passed, digivolved, pending, acted = \
        tx.ps[i]
    if len(dz) > 1:
        gone = dz[1:]
        tx.ps[i] = _new(PlayerState, (deck, hand, online, offline + gone, dz[:1], dvz, port,
                                      score, passed, digivolved, pending, acted))
        tx.event("digimon_sent_offline", clause, i, cards=list(gone), **data)


def _clear_power_ports(tx: Tx, keeper: tuple[int, ...]) -> None:
    """DB-C.6: all Power Option cards go Offline. A DNA partner (a Digimon on the Power Port)
    goes with them (DB-AMB-5 ``offline``) or, for a player in ``keeper``, joins the Duel Zone
    stack under the Digimon showing (``stays``)."""
    for i in (0, 1):
        me = tx.ps[i]
        if not me.power_port:
            continue
        port = me.power_port
        dz = me.duel_zone
        if tx.game.partner_fate == "stays" and i in keeper and len(dz) > 1:
            partners = tuple(s for s in port if isinstance(tx.cards[s], DigimonCard))
            if partners:
                port = remove(port, partners)
                dz = dz[:-1] + partners + dz[-1:]
        deck, hand, online, offline, _, dvz, _, score, passed, digivolved, pending, acted = me
        tx.ps[i] = _new(PlayerState, (deck, hand, online, offline + port, dz, dvz, (), score,
                                      passed, digivolved, pending, acted))
        tx.event("power_options_offline", "DB-C.6", i, cards=list(port))

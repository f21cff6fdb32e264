"""Reaching a scenario's described position by legal play from ``new_game`` (issue 11).

A scenario's ``Given`` steps sketch a position (:class:`~.positions.Position`): the cards that
matter in their zones, a few counts, the phase, whose turn. :func:`plan` turns the sketch into
a **set-up** (each deck 30 distinct real cards of the bundled set, DB-A.0/A.5: the named cards
plus inert fillers) and a **prelude**: the actions from ``new_game`` that reach the position —
the Rookie choices (DB-A.1), the deal shuffles ordered so that the wanted cards are dealt to
the hand or Online (stacked decks, DB-A.2), the preparations (DB-B.0, DB-D.5), the coin toss
(DB-B.1), the reveals with their payments (DB-B.2/B.3), passes (DB-B.5, DB-C.3), and whole
earlier Duels with their Regroup phases (DB-D.1) when the sketch shows a Digimon more levels
up than one Duel gives (DB-B.7), a later Duel, or Online deck sizes that only discards reach.

The oracle judges every action (the planner plays on an :class:`~oracle.driver.OracleDriver`),
and :func:`unreached` lists every fact of the sketch the reached state does not show. The
table (:mod:`.table`) then plays the same prelude through the driver under test, so a
scenario runs on any engine with the four mandatory requests, and checks the facts again.

What a sketch states, and so what is checked (nothing else is fixed; the game decides it):

- phase, step and player to move; the first player in the Digivolve and Battle phases (and
  whenever a step said who won the last Duel); the Duel number, the coin-toss winner and the
  last Duel's winner when a step said so;
- per player: the Duel Zone stack when a step showed it; the Digivolve Zone, the Power Port
  and a pending Rookie change always (empty unless a step filled them, as the rules of a
  phase depend on them); every named hand card in the hand, and the hand's size when a step
  described the hand; the named top Online cards in order, and the Online size when a step
  gave it; every named Offline card Offline, and the Offline size when a step gave it; the
  score when a step gave it; "has passed" when a step said so, and not passed in the
  Digivolve and Battle phases otherwise; "has Digivolved this Duel" when a step said so.

How the plan is found: a fixed policy plays the game (each player Digivolves exactly when the
sketch's Duel Zone needs it, as late as possible, one level per Duel; earlier Duels are ended
by two passes; Regroup discards only cards the sketch does not need; a hand smaller than the
deal in the sketched Regroup is reached by discarding at its start), with the chance outcomes
chosen from the deal's slots. A first run shows which deal slot ends in which zone; the named
cards that only need to *be* somewhere (Online top cards, Offline cards) are then swapped into
slots that end there (the policy treats them like fillers, so their slots' fates do not
change). Online sizes are met by discarding more cards in an earlier Regroup (each one more
card drawn from Online). A few alternatives (the Duel number when the sketch does not fix it,
the coin-toss winner) are tried in turn. Expected values of the scenario's ``Then`` steps are
never computed here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from oracle.driver import OracleDriver
from oracle.errors import OracleError

from .positions import DECK_SIZE, Position, PositionError

HAND = 10
LEVELS = ("Rookie", "Champion", "Ultimate", "Mega")
MAX_ACTIONS = 600
NOT_REACHED = "not reached by play"
"""The kind of a ``needs_load_state`` reason for a sketch the planner does not reach (the
report tallies reasons by the text before `` - ``)."""


class PlanError(PositionError):
    """No prelude found: the message names the fact of the sketch that was not reached."""


class SetupRefused(Exception):
    """The oracle refuses the set-up itself (a scenario about a refused set-up): there is no
    prelude, the set-up is sent with ``new_game`` as it is."""

    def __init__(self, setup: dict[str, Any]) -> None:
        super().__init__("the set-up is refused")
        self.setup = setup


@dataclass
class Plan:
    """A set-up and the prelude of actions that reaches the sketched position from it."""

    setup: dict[str, Any]
    actions: list[dict[str, Any]]
    state: Mapping[str, Any]


# ---------------------------------------------------------------------------------------------
# The facts a sketch states


def expected_to_move(pos: Position) -> int | None:
    """Whose move the sketch describes (the same rule as :meth:`Position.state`)."""
    if pos.to_move is not None:
        return pos.to_move
    if pos.phase == "game_over":
        return None
    first = pos.first_player
    acted = [s.acted or s.digivolved or (s.passed and pos.phase == "digivolve")
             for s in pos.sides]
    if pos.phase == "battle" and pos.sides[first].passed:
        return 1 - first
    if pos.phase == "digivolve" and (pos.step or "reveal") == "reveal" and acted[first]:
        return 1 - first
    if pos.phase in ("battle", "digivolve"):
        return first
    return 0


def _step(pos: Position) -> str:
    return pos.step or {"setup": "choose_rookie", "digivolve": "reveal", "battle": "play",
                        "regroup": "discard", "game_over": "over"}[pos.phase]


def unreached(pos: Position, state: Mapping[str, Any]) -> list[str]:
    """Every fact of the sketch that ``state`` (state JSON) does not show; empty when the
    position is reached. See the module docstring for what a sketch states."""
    out: list[str] = []

    def want(label: str, expected: Any, actual: Any) -> None:
        if expected != actual:
            out.append(f"{label}: the sketch says {expected!r}, the game gives {actual!r}")

    want("phase", pos.phase, state["phase"])
    want("step", _step(pos), state["step"])
    want("player to move", expected_to_move(pos), state["to_move"])
    want("chance outcome due", None, state.get("chance"))
    if "first_player" in pos.stated and pos.phase in ("digivolve", "battle", "regroup"):
        want("first player", pos.first_player, state["first_player"])
    if "duel" in pos.stated:
        want("Duel", pos.duel, state["duel"])
    if "coin_toss_winner" in pos.stated:
        want("coin-toss winner", pos.coin_toss_winner, state["coin_toss_winner"])
    if "last_duel_winner" in pos.stated:
        want("last Duel's winner", pos.last_duel_winner, state["last_duel_winner"])
    for p, side in enumerate(pos.sides):
        got = state["players"][p]
        who = ("my", "my opponent's")[p]
        if "duel_zone" in side.stated:
            want(f"{who} Duel Zone (bottom first)", side.duel_zone, list(got["duel_zone"]))
        want(f"{who} Digivolve Zone", side.digivolve_zone, list(got["digivolve_zone"]))
        want(f"{who} Power Port", side.power_port, list(got["power_port"]))
        want(f"{who} pending Rookie change", side.pending_rookie, got["pending_rookie"])
        hand = list(got["hand"])
        missing = [c for c in side.hand if c not in hand]
        if missing:
            out.append(f"{who} hand lacks {missing} (it holds {hand})")
        if "hand" in side.stated:
            want(f"{who} hand size", len(side.hand) + side.hand_extra, len(hand))
        online = list(got["online"])
        want(f"{who} top Online cards", side.online, online[:len(side.online)])
        if side.online_size is not None:
            want(f"{who} Online deck size", side.online_size, len(online))
        offline = list(got["offline"])
        missing = [c for c in side.offline if c not in offline]
        if missing:
            out.append(f"{who} Offline pile lacks {missing}")
        if side.offline_size is not None:
            want(f"{who} Offline pile size", side.offline_size, len(offline))
        if "score" in side.stated:
            want(f"{who} score", side.score, got["score"])
        if side.passed or pos.phase in ("digivolve", "battle"):
            want(f"{who} 'has passed'", side.passed, got["passed"])
        if side.digivolved:
            want(f"{who} 'has Digivolved this Duel'", True, got["digivolved"])
    return out


# ---------------------------------------------------------------------------------------------
# The schedule: which card each player Digivolves into in which Duel


@dataclass
class _Side:
    """What the policy does for one player."""

    rookie: str
    prepare: dict[int, str] = field(default_factory=dict)  # prep slot (Duel) -> card
    rookie_change: int | None = None  # the Regroup (of this Duel) that sets it up
    active: list[str] = field(default_factory=list)  # cards the policy uses or keeps in hand
    passive: list[str] = field(default_factory=list)  # named cards that only need a zone
    deck: list[str] = field(default_factory=list)


def _acted_now(pos: Position, p: int) -> bool:
    """Whether, at the sketched position, player ``p`` has had their Digivolve turn of the
    current Duel (so a Digivolve of this Duel is already on the Duel Zone)."""
    if pos.phase in ("battle", "regroup", "game_over"):
        return True
    if pos.phase == "digivolve" and _step(pos) == "reveal":
        s = pos.sides[p]
        return s.digivolved or s.passed or (
            p == pos.first_player and expected_to_move(pos) == 1 - p)
    return False


def _min_duel(pos: Position) -> int:
    need = 1
    for p, s in enumerate(pos.sides):
        ups = max(0, len(s.duel_zone) - 1)
        need = max(need, ups if _acted_now(pos, p) else ups + 1)
    return need


def _level(card: Mapping[str, Any]) -> int:
    return LEVELS.index(card["level"]) if card.get("kind") == "digimon" else -1


def _schedule(pos: Position, p: int, duel: int, first: int | None = None) -> _Side:
    """The policy's plan for player ``p`` when the sketch is in Duel ``duel``; ``first``:
    the Duel of the Duel Zone's first Digivolve (the others follow, one a Duel), rather than
    the Duels just before the sketch."""
    s = pos.sides[p]
    cards = pos.cards()
    stack = list(s.duel_zone)
    rookie = stack[0] if stack else ""
    ups = stack[1:]
    last = duel if _acted_now(pos, p) else duel - 1
    prep: dict[int, str] = {}
    for i, card in enumerate(ups):
        e = first + i if first else last - (len(ups) - 1 - i)
        if e < 1 or e > last:
            raise PlanError(f"player {p}: {len(ups)} Digivolves on the Duel Zone need more "
                            f"Duels than Duel {duel} gives (one level per Duel, DB-B.7)")
        prep[e] = card
    change = None
    if s.digivolve_zone:
        slot = duel + 1 if pos.phase == "regroup" else duel
        if slot in prep:
            raise PlanError(f"player {p}: the Digivolve Zone card and the Duel Zone's top "
                            "card would be prepared for the same Duel")
        prep[slot] = s.digivolve_zone[0]
    if s.pending_rookie:
        if pos.phase != "digivolve" and not (pos.phase == "regroup"
                                              and _step(pos) == "prepare"):
            raise PlanError(f"player {p}: a pending Rookie change outside the Regroup "
                            "preparation or the next Digivolve phase")
        change = duel - 1 if pos.phase == "digivolve" else duel
        if change < 1:
            raise PlanError(f"player {p}: a Rookie change is set up in a Regroup phase, and "
                            "Duel 1 has none before it (DB-D.4)")
    if not rookie:
        rookie = next((c for c in _deck(pos, p) if cards[c].get("kind") == "digimon"
                       and cards[c]["level"] == "Rookie"), "")
    active = [c for c in ups] + list(s.digivolve_zone) + list(s.power_port) + list(s.hand) + (
        [s.pending_rookie] if s.pending_rookie else []) + _digivices(pos, p)
    passive = [c for c in s.online + s.offline if c not in active]
    return _Side(rookie=rookie, prepare=prep, rookie_change=change, active=active,
                 passive=passive, deck=_deck(pos, p))


# ---------------------------------------------------------------------------------------------
# Decks: the named cards and inert fillers


def _req_names(card: Mapping[str, Any]) -> set[str]:
    out = set()
    for r in card.get("digivolve_requirements") or []:
        if r.get("from"):
            out.add(r["from"])
        for partner in r.get("partners") or []:
            if isinstance(partner, Mapping) and partner.get("name"):
                out.add(partner["name"])
    return out


def _digivices(pos: Position, p: int) -> list[str]:
    """The DIGIVICE cards player ``p``'s deck needs beyond the named ones: one for each
    Ultimate or Mega of the sketch (on the Duel Zone above a Champion or Ultimate, or on the
    Digivolve Zone) that Digivolves by a DIGIVICE from the Digimon under it (DB-B.3) and whose
    Battle Type no named DIGIVICE of that player fits; it is prepared with the DIGIVICE in the
    hand (DB-B.0, DB-D.5) and Digivolves with it on the Power Port. A card with a DNA way from
    the Digimon under it is left to that way."""
    side = pos.sides[p]
    cards = pos.cards()
    stack = list(side.duel_zone) + list(side.digivolve_zone)
    named = set(side.named()) | {c for q in pos.sides for c in q.named()}
    fits: list[set[str]] = [set(cards[c]["effects"][0].get("battle_types", [])) for c in
                            side.named() if cards.get(c, {}).get("kind") == "power_option"
                            and any(e.get("kind") == "digivice" for e in cards[c]["effects"])]
    spare = [c for c in sorted(cards) if c not in named and cards[c]["kind"] == "power_option"
             and [e.get("kind") for e in cards[c].get("effects") or []] == ["digivice"]]
    out: list[str] = []
    # From the top down: a named DIGIVICE serves the latest Digivolve (the sketch's own).
    for below, card in reversed(list(zip(stack, stack[1:], strict=False))):
        new, base = cards[card], cards[below]
        if new.get("kind") != "digimon" or new["level"] not in ("Ultimate", "Mega"):
            continue
        reqs = new.get("digivolve_requirements") or []
        if not any(r.get("kind") == "digivice" and r.get("from") == base["name"] for r in reqs):
            continue
        if any(r.get("kind") == "dna" for r in reqs):
            continue
        free = [f for f in fits if new["battle_type"] in f]
        if free:
            fits.remove(free[0])
            continue
        pick = next((c for c in spare if new["battle_type"] in
                     cards[c]["effects"][0].get("battle_types", [])), None)
        if pick is not None:
            spare.remove(pick)
            out.append(pick)
    return out


def _deck(pos: Position, p: int) -> list[str]:
    """Player ``p``'s 30 cards: the named ones, then inert fillers — Digimon with no effect
    that no named card names and that name no named card in their own requirements (so none
    can be Digivolved into from the Digimon in play, nor partner a DNA Digivolve), at a level
    that is not the next one up from a named Digimon (an ULTRA DIGIVOLVE in hand would make
    such a card preparable, DB-B.3n), Rookies last (a Rookie in hand can be a Rookie change,
    DB-D.4); never a Power Option card."""
    side = pos.sides[p]
    named = side.named() + _digivices(pos, p)
    if len(set(named)) != len(named):
        dupes = sorted({c for c in named if named.count(c) > 1})
        raise PositionError(f"player {p}: card(s) named twice: {', '.join(dupes)}")
    cards = pos.cards()
    names = {cards[c]["name"] for c in named if c in cards}
    wanted: set[str] = set()
    next_levels = set()
    for c in named:
        wanted |= _req_names(cards[c])
        if cards[c].get("kind") == "digimon":
            next_levels.add(_level(cards[c]) + 1)

    def inert(c: Mapping[str, Any]) -> bool:
        return (c["kind"] == "digimon" and not c.get("effects") and c.get("supported", True)
                and c["name"] not in wanted and not (_req_names(c) & names))

    pool = [c for c in cards.values() if c["serial"] not in named and inert(c)]
    pool.sort(key=lambda c: (c["level"] == "Rookie", _level(c) in next_levels, c["serial"]))
    need = DECK_SIZE - len(named)
    if len(pool) < need:
        raise PositionError(f"player {p}: only {len(pool)} inert filler cards for {need} "
                            "places")
    fill = [c["serial"] for c in pool[:need]]
    if not any(cards[c].get("level") == "Rookie" and cards[c]["kind"] == "digimon"
               for c in named + fill):
        rookie = next(c["serial"] for c in pool if c["level"] == "Rookie")
        fill[-1] = rookie
    return named + fill


# ---------------------------------------------------------------------------------------------
# Playing the policy


@dataclass
class _Run:
    """One run of the policy: the actions, the state reached, and what it saw on the way."""

    actions: list[dict[str, Any]]
    state: Mapping[str, Any] | None
    problems: list[str]
    regroups: list[tuple[int, int, int]]  # (duel, player, cards the policy could discard)


class _Policy:
    def __init__(self, pos: Position, duel: int, coin: int, order: dict[int, list[str]],
                 extra: dict[tuple[int, int], int], early: Mapping[int, int] | None = None,
                 sac: Mapping[int, Mapping[int, str]] | None = None) -> None:
        self.pos = pos
        self.duel = duel
        self.coin = coin
        self.sides = _sides(pos, duel, early, sac)
        self.order = order
        self.extra = extra
        self.discarded: dict[tuple[int, int], int] = {}

    def choose(self, s: Mapping[str, Any], legal: list[dict[str, Any]],
               regroups: list[tuple[int, int, int]]) -> dict[str, Any]:
        p = s["to_move"]
        if p == "chance":
            ch = s["chance"]
            if ch["kind"] == "coin_toss":
                return {"type": "coin_toss", "winner": self.coin}
            if s["phase"] == "setup":
                return {"type": "shuffle", "player": ch["player"],
                        "order": list(self.order[ch["player"]])}
            return {"type": "shuffle", "player": ch["player"], "order": list(ch["cards"])}
        side = self.sides[p]
        phase, step, duel = s["phase"], s["step"], s["duel"]
        me = s["players"][p]
        if step == "choose_rookie":
            return {"type": "choose_rookie", "player": p, "card": side.rookie}
        if step == "prepare":
            slot = duel + 1 if phase == "regroup" else 1
            if phase == "regroup" and side.rookie_change == duel and not me["pending_rookie"]:
                return self._pick(legal, type="change_rookie", card=self.pos.sides[p]
                                  .pending_rookie)
            card = side.prepare.get(slot)
            if card and not me["digivolve_zone"]:
                sketch = self.pos.sides[p]
                return _prepare_action(legal, card, sketch.power_port,
                                       own=card in sketch.digivolve_zone)
            return {"type": "ready", "player": p}
        if step == "reveal":
            card = side.prepare.get(duel)
            if card and me["digivolve_zone"] == [card]:
                moves = [a for a in legal if a["type"] == "digivolve" and a.get("card") == card]
                port = set(self.pos.sides[p].power_port)
                later = set(self.pos.sides[p].hand)  # (still in hand at the sketch)
                moves.sort(key=lambda a: (a.get("support") not in port and bool(
                    a.get("support")), a.get("support") in later, bool(a.get("payment")),
                    a.get("method") != "tribute"))
                if not moves:
                    raise _Stuck(f"player {p} cannot Digivolve into {card} in Duel {duel}")
                return moves[0]
            return {"type": "pass", "player": p}
        if step == "play":
            return {"type": "pass", "player": p}
        if step == "discard":
            key = (duel, p)
            keep = set(side.active)
            free = [c for c in me["hand"] if c not in keep]
            if key not in self.discarded:
                regroups.append((duel, p, len(free)))
                self.discarded[key] = 0
            if self.discarded[key] < self.extra.get(key, 0) and free:
                self.discarded[key] += 1
                return {"type": "discard", "player": p, "card": free[0]}
            sketch = self.pos.sides[p]
            if (self.pos.phase == "regroup" and duel == self.duel and "hand" in sketch.stated
                    and p == expected_to_move(self.pos)
                    and len(me["hand"]) > len(sketch.hand) + sketch.hand_extra):
                # The sketched Regroup itself: a smaller hand is the same player's discards
                # at its start (DB-D.1), before the scenario's own actions.
                spare = [c for c in free if c not in side.passive]
                if spare:
                    return {"type": "discard", "player": p, "card": spare[0]}
            return {"type": "draw", "player": p}
        raise _Stuck(f"no policy for step {step}")

    @staticmethod
    def _pick(legal: list[dict[str, Any]], **want: Any) -> dict[str, Any]:
        for a in legal:
            if all(a.get(k) == v for k, v in want.items()):
                return a
        raise _Stuck(f"{want} is not legal here")


class _Stuck(Exception):
    pass


def _prepare_action(legal: list[dict[str, Any]], card: str, port: Sequence[str],
                    own: bool = True) -> dict[str, Any]:
    """The preparation of ``card``: with the support card (ULTRA DIGIVOLVE, a DIGIVICE) that
    the sketch shows on the Power Port when the game commits it at preparation (DB-AMB-9
    "at-prepare": the card goes face down on the Power Port with the preparation), else the
    plain one (no support card leaves the hand before the reveal). A preparation before
    the sketch's own (``own`` False: ``card`` is not the one on the sketch's Digivolve Zone)
    leaves the sketch's Power Port cards for that one: it commits another support card
    when it must commit one."""
    moves = [a for a in legal if a["type"] == "prepare" and a.get("card") == card]
    if own:
        moves.sort(key=lambda a: (a.get("support") not in port, bool(a.get("support"))))
    else:
        moves.sort(key=lambda a: (a.get("support") in port, bool(a.get("support"))))
    if not moves:
        raise _Stuck(f"{ {'type': 'prepare', 'card': card} } is not legal here")
    return moves[0]


def _progress(s: Mapping[str, Any]) -> tuple[int, int]:
    order = {"setup": 0, "digivolve": 1, "battle": 2, "regroup": 3, "game_over": 9}
    return (s["duel"], order.get(s["phase"], 9))


def _run(pos: Position, setup: dict[str, Any], policy: _Policy) -> _Run:
    o = OracleDriver()
    s = o.new_game(setup)
    actions: list[dict[str, Any]] = []
    regroups: list[tuple[int, int, int]] = []
    goal = (policy.duel, {"setup": 0, "digivolve": 1, "battle": 2, "regroup": 3,
                          "game_over": 9}[pos.phase])
    near: list[str] = []  # the unreached facts at the last state in the sketched phase
    while True:
        problems = unreached(pos, s)
        if _progress(s) == goal and s["to_move"] != "chance":
            if not problems:
                return _Run(actions, s, [], regroups)
            if not near or len(problems) <= len(near):
                near = problems
        if _progress(s) > goal or s["phase"] == "game_over" or len(actions) > MAX_ACTIONS:
            return _Run(actions, None, near or [
                f"passed the sketched position without reaching it (now Duel {s['duel']}, "
                f"{s['phase']}; the sketch: Duel {policy.duel}, {pos.phase})"], regroups)
        legal = [dict(a) for a in (o.legal_actions() or [])]
        try:
            a = policy.choose(s, legal, regroups)
        except _Stuck as e:
            return _Run(actions, None, [str(e)] + problems, regroups)
        out = o.apply(a)
        if out.refused:
            assert out.refusal is not None
            return _Run(actions, None, [f"the oracle refused {a} ({out.refusal.clause}: "
                                        f"{out.refusal.reason})"], regroups)
        actions.append(a)
        assert out.state is not None
        s = out.state


# ---------------------------------------------------------------------------------------------
# The deal


def _deal_order(pos: Position, side: _Side, p: int) -> list[str]:
    """The first shuffle's order: the cards the policy needs in hand first, then the rest."""
    rest = [c for c in side.deck if c != side.rookie]
    active = [c for c in side.active if c in rest]
    if len(active) > HAND:
        raise PlanError(f"player {p}: {len(active)} named cards are needed in hand "
                        f"({', '.join(active)}); a deal gives 10 (DB-A.2)")
    others = [c for c in rest if c not in active and c not in side.passive]
    passive = [c for c in side.passive if c in rest]
    hand = active + others[:HAND - len(active)]
    return hand + passive + others[HAND - len(active):]


def _fates(state: Mapping[str, Any], p: int) -> dict[str, tuple[str, int]]:
    me = state["players"][p]
    out = {}
    for zone in ("hand", "online", "offline", "duel_zone", "digivolve_zone", "power_port"):
        for i, c in enumerate(me[zone]):
            out[c] = (zone, i)
    if me.get("pending_rookie"):
        out[me["pending_rookie"]] = ("pending_rookie", 0)
    return out


def _place_passive(pos: Position, order: list[str], state: Mapping[str, Any], p: int,
                   side: _Side) -> list[str]:
    """Swap the named Online/Offline cards into deal slots that end in their zone."""
    order = list(order)
    fate = _fates(state, p)
    named = set(pos.sides[p].named())
    s = pos.sides[p]
    taken: set[str] = set()

    def swap(x: str, y: str) -> None:
        i, j = order.index(x), order.index(y)
        order[i], order[j] = order[j], order[i]
        fate[x], fate[y] = fate[y], fate[x]

    for j, x in enumerate(s.online):
        if x not in side.passive:
            continue
        y = next((c for c, f in fate.items() if f == ("online", j)), None)
        if y is None:
            continue
        if y != x:
            if y in named or y not in order or x not in order:
                continue
            swap(x, y)
        taken.add(x)
    for x in s.offline:
        if x not in side.passive or fate.get(x, ("",))[0] == "offline":
            taken.add(x)
            continue
        y = next((c for c, f in fate.items() if f[0] == "offline" and c not in named
                  and c in order and c not in taken), None)
        if y is not None and x in order:
            swap(x, y)
            taken.add(x)
    return order


# ---------------------------------------------------------------------------------------------
# The search


def plan(pos: Position) -> Plan:
    """A set-up and a prelude that reach the sketched position from ``new_game``.

    :raises PlanError: none of the alternatives tried reaches it; the message names the
        facts of the sketch that stayed unreached.
    """
    duels = [pos.duel] if "duel" in pos.stated else _candidate_duels(pos)
    coins = [pos.coin_toss_winner] if "coin_toss_winner" in pos.stated else [
        pos.first_player, 1 - pos.first_player]
    best: list[str] = []
    for duel, early, sac in _alternatives(pos, duels) + _sacrifices(pos, duels):
        for coin in coins:
            try:
                found = _try(pos, duel, coin, early, sac)  # type: ignore[arg-type]
            except PlanError as e:
                best = best or [str(e)]
                continue
            if isinstance(found, Plan):
                return found
            if not best or len(found) < len(best):
                best = found
    raise PlanError("; ".join(best))


def _candidate_duels(pos: Position) -> list[int]:
    """The Duel numbers tried when the sketch does not fix one: from the fewest Duels its
    Duel Zones need (one level per Duel, DB-B.7) and its scores need — every Duel ends with at
    most one winner, who scores at least the 100 points every SCORE chart gives (DB-C.5), so a
    sketched total of ``n`` hundred points needs ``n`` Duels won before it (or including it,
    in its Regroup) — and two more."""
    scored = sum(s.score for s in pos.sides if "score" in s.stated) // 100
    first = max(_min_duel(pos), scored + (0 if pos.phase in ("regroup", "game_over") else 1))
    return sorted(set(range(first, first + 3)) | set(_online_duels(pos, first)))


def _online_duels(pos: Position, first: int) -> range:
    """Duel numbers for sketched Online sizes: the deal leaves ``DECK_SIZE - 1 - HAND`` cards
    Online (DB-A.2), and each earlier Regroup can take at most as many as the policy may
    discard (the hand less the cards it keeps) and draw again (DB-D.1); the sketched Regroup
    itself comes after the sizes. Empty when no Online size is sketched or the Duels from
    ``first`` give enough Regroups."""
    regroups = 0
    for s in pos.sides:
        if s.online_size is None:
            continue
        keep = set(s.hand) | set(s.digivolve_zone) | set(s.power_port) | set(s.duel_zone[1:])
        need = DECK_SIZE - 1 - HAND - s.online_size
        free = max(1, HAND - len(keep))
        regroups = max(regroups, -(-need // free))
    duel = regroups + 1
    return range(duel, duel + 2) if duel > first + 2 else range(0)


def _alternatives(pos: Position, duels: list[int],
                  ) -> list[tuple[int, dict[int, int], dict[int, dict[int, str]]]]:
    """The Duel numbers to try, each first with every Digivolve as late as possible, then
    with one player's Digivolves (or both players') in the first Duels: a Digimon kept
    through earlier Duels it wins (DB-C.6) leaves the Power Port of the sketched Duel empty
    of its DIGIVICE (DB-B.3), and keeps the Online deck from being paid from again after a
    Regroup draw emptied it (DB-D.3). When both players have a sketched score, one player's
    Digivolves start in each Duel in between as well: the Duels before it are won by the
    other player's Digimon, the Duels after by its own."""
    out: list[tuple[int, dict[int, int], dict[int, dict[int, str]]]] = [
        (d, {}, {}) for d in duels]
    players = [p for p in (0, 1) if len(pos.sides[p].duel_zone) > 1]
    sets = [{p: 1} for p in players] + ([{p: 1 for p in players}] if len(players) == 2 else [])
    out += [(d, e, {}) for d in duels for e in sets]
    if all("score" in s.stated and s.score for s in pos.sides):
        for d in duels:
            for p in players:
                ups = len(pos.sides[p].duel_zone) - 1
                latest = (d if _acted_now(pos, p) else d - 1) - ups + 1
                out += [(d, {p: k}, {}) for k in range(2, latest)]
    return out


def _sides(pos: Position, duel: int, early: Mapping[int, int] | None,
           sac: Mapping[int, Mapping[int, str]] | None) -> list[_Side]:
    """Both players' schedules: ``early`` moves a player's Digivolves (the Duel of the first),
    ``sac`` adds Champions a player Digivolves into only to lose a Duel (Duel -> card)."""
    sides = [_schedule(pos, p, duel, (early or {}).get(p)) for p in (0, 1)]
    for p, lost in (sac or {}).items():
        side = sides[p]
        named = set(pos.sides[p].named()) | set(side.active)
        fillers = [c for c in side.deck if c not in named and c != side.rookie
                   and c not in lost.values()]
        for k, card in lost.items():
            side.prepare[k] = card
            side.active.append(card)
            if card not in side.deck:
                side.deck[side.deck.index(fillers.pop(0))] = card
    return sides


def _sacrifices(pos: Position, duels: list[int],
                ) -> list[tuple[int, dict[int, int], dict[int, dict[int, str]]]]:
    """Alternatives where a player loses every Duel before its own first Digivolve with a
    Champion it Digivolves into from its Rookie for that Duel alone (it goes Offline, the
    Rookie stays, DB-C.6): so the other player's Digimon of those Duels win and stay on the
    Duel Zone. Each such Champion is one the other player's Digimon of that Duel is the
    stronger against, by their printed powers (DB-A.4); the oracle judges the Duels."""
    cards = pos.cards()
    out: list[tuple[int, dict[int, int], dict[int, dict[int, str]]]] = []
    for d in duels:
        for p in (0, 1):
            q = 1 - p
            if len(pos.sides[q].duel_zone) < 2:
                continue
            try:
                mine, theirs = _schedule(pos, p, d), _schedule(pos, q, d)
            except PlanError:
                continue
            ups = [k for k, c in mine.prepare.items() if c in pos.sides[p].duel_zone]
            until = min(ups) if ups else d
            rookie = cards.get(mine.rookie)
            if rookie is None or until < 2:
                continue
            taken = set(pos.sides[p].named())
            lost: dict[int, str] = {}
            for k in range(1, until):
                slots = [j for j in theirs.prepare if j <= k
                         and theirs.prepare[j] in pos.sides[q].duel_zone]
                top = cards[theirs.prepare[max(slots)]] if slots else cards[theirs.rookie]
                pick = next((c["serial"] for c in sorted(cards.values(), key=lambda c:
                                                         c["serial"])
                             if c["serial"] not in taken and c["kind"] == "digimon"
                             and c["level"] == "Champion" and not c.get("effects")
                             and c.get("supported", True)
                             and any(r.get("kind") == "tribute"
                                     and r.get("from") == rookie["name"]
                                     for r in c.get("digivolve_requirements") or [])
                             and c["power"][top["battle_type"]]
                             < top["power"][c["battle_type"]]), None)
                if pick is None:
                    break
                taken.add(pick)
                lost[k] = pick
            if len(lost) == until - 1:
                out.append((d, {}, {p: lost}))
    return out


def _try(pos: Position, duel: int, coin: int, early: Mapping[int, int] | None = None,
         sac: Mapping[int, Mapping[int, str]] | None = None) -> Plan | list[str]:
    sides = _sides(pos, duel, early, sac)
    setup = {"ruleset": "digibattle", "card_set": pos.card_set(),
             "decks": [sides[0].deck, sides[1].deck], "target": pos.target,
             "variants": dict(pos.variants)}
    try:
        OracleDriver().new_game(setup)
    except OracleError:
        raise SetupRefused(setup) from None
    order = {p: _deal_order(pos, sides[p], p) for p in (0, 1)}
    extra: dict[tuple[int, int], int] = {}
    problems: list[str] = []
    for _round in range(6):
        policy = _Policy(pos, duel, coin, order, extra, early, sac)
        run = _run(pos, setup, policy)
        if run.state is not None:
            return Plan(setup, run.actions, run.state)
        # Where did it stop? Look at the state at the sketched phase to adjust.
        end = _end_state(pos, setup, policy, run)
        problems = run.problems
        if end is None:
            return problems
        changed = False
        for p in (0, 1):
            new = _place_passive(pos, order[p], end, p, sides[p])
            if new != order[p]:
                order[p] = new
                changed = True
            want = pos.sides[p].online_size
            got = len(end["players"][p]["online"])
            if want is not None and got > want:
                need = got - want
                for d, q, free in sorted(run.regroups, reverse=True):
                    if q != p or need <= 0 or (pos.phase == "regroup" and d == duel
                                               and q == expected_to_move(pos)):
                        continue  # (the sketched Regroup itself comes after the sizes)
                    room = free - extra.get((d, q), 0)
                    if room > 0:
                        take = min(room, need)
                        extra[(d, q)] = extra.get((d, q), 0) + take
                        need -= take
                        changed = True
        if not changed:
            return problems
    return problems


def _end_state(pos: Position, setup: dict[str, Any], policy: _Policy,
               run: _Run) -> Mapping[str, Any] | None:
    """The state where the failed run was at the sketched phase (its last state there; in
    a sketched Regroup, the start of the sketched player's turn, before the discards that
    make the hand smaller: the sizes of the zones come from earlier)."""
    o = OracleDriver()
    s = o.new_game(setup)
    goal = (policy.duel, {"setup": 0, "digivolve": 1, "battle": 2, "regroup": 3,
                          "game_over": 9}[pos.phase])
    last = None
    for a in run.actions:
        if _progress(s) == goal and s["to_move"] != "chance":
            if pos.phase == "regroup" and s["to_move"] == expected_to_move(pos):
                return s
            if _at_sketched_turn(pos, s):
                return s
            last = s
        out = o.apply(a)
        if out.state is None:
            break
        s = out.state
    if _progress(s) == goal and s["to_move"] != "chance":
        last = s
    return last


def _at_sketched_turn(pos: Position, s: Mapping[str, Any]) -> bool:
    """Whether ``s`` is at the sketched step with the sketched player to move: the sizes of
    the zones are read there, not after that player's own move in the same phase (a
    Digivolve payment that the policy goes on to make would hide how many cards were Online
    before it, DB-B.3)."""
    p = s["to_move"]
    return (isinstance(p, int) and s["step"] == _step(pos) and p == expected_to_move(pos)
            and s["players"][p]["passed"] == pos.sides[p].passed)


__all__: Sequence[str] = ("Plan", "PlanError", "SetupRefused", "plan", "unreached",
                          "expected_to_move")

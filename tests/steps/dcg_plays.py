"""Reaching a DCG scenario's described position by legal play from ``new_game``.

A scenario describes its starting position as a *sketch* (:class:`.dcg_positions.DcgPosition`:
whose turn, which phase, memory, the named cards of each zone). :func:`plan` turns the sketch
into a **set-up** (two LEGAL deck lists of real cards: 50 main cards, at most 4 copies, 0-5
Digi-Eggs; the test-only cards ``X-nn`` only when the scenario names one) and a **prelude**:
every action from ``new_game`` on (the shuffle outcomes ordered so that the wanted cards are
dealt to the hand, to Security or left on top of the deck, the rock-paper-scissors winner,
the mulligan decisions, then whole turns: breeding actions, plays, digivolutions, attacks,
passes) that reaches the position. The scenario then plays that prelude THROUGH THE DRIVER,
so the same scenario runs against any engine and its vector starts with ``new_game``.

How the prelude is found: every stack the sketch puts in play is built in an earlier turn of
its owner (a Digimon is played and digivolved; a Digi-Egg is hatched, digivolved in the Main
phase and moved out in a later Breeding phase); a stack the sketch shows suspended attacks
in its owner's last turn before the position (the turn player's own: in the position's turn,
before the scenario's first action); a stack "played this turn" is played in the position's
turn. Which earlier turn builds what, who goes first, how many turns come before, and how
each earlier turn ends (a pass leaves the next player 3 memory; an overpaid cost leaves the
amount paid past 0, e.g. with one or two textless Digimon left inert in a battle area the
sketch says nothing about; Gravity Crush BT1-090 before a pass leaves 5; a deck holds one
Gravity Crush, the official restricted list's limit) is searched, within
a fixed budget of oracle actions (so a sketch always gets the same plan): each candidate
is played on the oracle (the judge of legality: a candidate with a refused action is
dropped), and the first one whose reached state shows every fact of the sketch is the plan.

Nothing here computes what a ``Then`` step expects: the plan only reaches the facts the
``Given`` steps state, and :func:`unmet` names the first fact a state does not show.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from oracle.driver import OracleDriver

from .dcg_positions import (
    MAIN_DECK_SIZE,
    REAL_SET,
    SECURITY_SIZE,
    TEST_ONLY_SET,
    DcgPosition,
    PositionError,
    StackSpec,
    cards,
    copies_allowed,
    is_egg,
    is_test_only,
)

HAND_SIZE = 5
#: Filler cards for hands and decks: real Digimon without any text (inert wherever they are).
FILLERS = ("ST1-02", "ST1-04", "BT1-009", "ST1-05", "BT1-014", "ST12-05", "BT1-020",
           "BT4-014", "ST2-02", "ST2-04", "BT1-028", "BT3-020", "ST2-05", "BT7-020",
           "BT2-024", "BT1-038", "BT2-027", "ST1-10", "ST2-10")
#: Security fillers in the order they are checked: Gravity Crush BT1-090 (an Option without a
#: [Security] effect: no battle, no effect), then Digimon without text and with little DP.
SECURITY_FILLERS = ("BT1-090", "ST1-03", "ST1-02", "BT1-009", "ST2-02", "BT1-028",
                    *FILLERS)
GRAVITY_CRUSH = "BT1-090"
#: How an earlier turn may end when its own plays did not end it: a pass (the next player
#: starts with 3), or Gravity Crush first (its "at end of turn, lose 2 memory" resolves after
#: the pass: 5; two of them gave 7 before the official restricted list limited Gravity Crush
#: to 1 copy on 2025-09-01, so a deck holds one and 7 comes from a residue below). Gravity
#: Crush needs a red Digimon or Tamer of the player.
#: Textless Digimon by play cost: the turn before the position may end by paying past 0
#: with one or two of them (left in that player's battle area, inert there), which sets the
#: memory the position's turn starts with. Only when the sketch says nothing about that
#: player's battle area.
RESIDUE = {2: "ST1-02", 3: "ST1-04", 4: "ST1-05", 5: "BT1-020", 6: "BT2-027", 10: "ST1-10"}
RESIDUES = tuple([(c,) for c in (4, 5, 6, 10)] + [(3, c) for c in (2, 3, 4, 5, 6, 10)])
MAX_CANDIDATES = 4000
#: Oracle actions one plan may spend on candidates (a count, not a time: the same sketch
#: gets the same plan, or the same "no prelude found" reason, on any machine and load).
BUDGET_ACTIONS = 40_000


_SPENT = [0]  # oracle actions the current plan() has spent
_WHY: list[str] = []  # why a target turn had no candidate (for the error message)


class Unreached(PositionError):
    """No prelude reaches the sketch; the message names the fact no candidate reached."""


@dataclass
class Plan:
    """A set-up (``oracle.driver`` form) and the actions from ``new_game`` that reach the
    sketch's position (chance outcomes included), plus the number of earlier turns played."""

    setup: dict[str, Any]
    actions: list[dict[str, Any]]
    turns: int
    residue: tuple[int, list[str]] | None = None


# ---------------------------------------------------------------------------------------------
# Facts


def _show(stack: Mapping[str, Any] | None) -> str:
    if stack is None:
        return "nothing"
    word = "suspended" if stack["suspended"] else "unsuspended"
    extra = " (played this turn)" if stack.get("played_this_turn") else ""
    return f"{word} {' over '.join(reversed(stack['cards']))}{extra}"


def _spec_show(spec: StackSpec | None) -> str:
    if spec is None:
        return "nothing"
    return _show({"cards": spec.cards, "suspended": spec.suspended,
                  "played_this_turn": spec.played_this_turn})


def _is_digimon_stack(cards_: Sequence[str]) -> bool:
    return bool(cards_) and cards()[cards_[-1]]["kind"] == "digimon"


def _same_stack(spec: StackSpec, got: Mapping[str, Any]) -> bool:
    if list(got["cards"]) != list(spec.cards) or bool(got["suspended"]) != spec.suspended:
        return False
    if _is_digimon_stack(spec.cards):  # only a Digimon's "played this turn" matters (attacks)
        return bool(got.get("played_this_turn")) == spec.played_this_turn
    return True


def unmet(pos: DcgPosition, state: Mapping[str, Any],
          residue: tuple[int, Sequence[str]] | None = None) -> str | None:
    """The first fact of the sketch ``pos`` that ``state`` does not show, or None.

    The facts: whose turn, the phase, memory (when stated), the turn number and the first
    player (when stated), nothing pending, no attack, no end-of-turn effect waiting; per side
    the battle area (every stack, in order, with its orientation and for a Digimon whether
    it was played this turn; ``residue``: the inert Digimon the prelude left at the end of
    one battle area the sketch says nothing about), the breeding area, the Digi-Egg deck,
    the named hand cards and the hand size (when stated), the top card and size of the deck
    and of Security (when stated).
    """
    whose = ("my", "my opponent's")
    if state.get("phase") == "game_over":
        return f"the game is over ({state.get('reason')})"
    if state["turn_player"] != pos.turn_player:
        return f"it is {whose[state['turn_player']]} turn, not {whose[pos.turn_player]}"
    if (state["phase"], state["step"]) != (pos.phase, pos.step):
        return f"the {state['phase']} phase (step {state['step']}), not the {pos.phase} phase"
    if pos.memory_stated and state["memory"] != pos.memory:
        return f"memory {state['memory']} (turn player's side), not {pos.memory}"
    if pos.turn is not None and state["turn"] != pos.turn:
        return f"turn {state['turn']}, not turn {pos.turn}"
    if pos.first_stated and state["first_player"] != pos.first_player:
        return f"{whose[state['first_player']]} side went first"
    for key in ("pending", "delayed"):
        if state.get(key):
            return f"{key} is not empty: {state[key]}"
    if state.get("attack") is not None:
        return "an attack is in progress"
    for p in (0, 1):
        side, got = pos.sides[p], state["players"][p]
        area = list(got["battle_area"])
        if residue is not None and residue[0] == p and not side.battle_area:
            tail = [s["cards"] for s in area]
            if tail != [[c] for c in residue[1]]:
                return (f"{whose[p]} battle area holds {[_show(s) for s in area]}, not the "
                        f"inert {list(residue[1])} the prelude left there")
            area = []
        if len(area) != len(side.battle_area) or not all(
                _same_stack(s, g) for s, g in zip(side.battle_area, area, strict=False)):
            return (f"{whose[p]} battle area holds {[_show(s) for s in area]}, not "
                    f"{[_spec_show(s) for s in side.battle_area]}")
        breeding = got["breeding_area"]
        spec = side.breeding_area
        if (spec is None) != (breeding is None) or (
                spec is not None and not _same_stack(spec, {**breeding,
                                                            "played_this_turn": False})):
            return (f"{whose[p]} breeding area holds {_show(breeding)}, not "
                    f"{_spec_show(spec)}")
        if list(got["egg_deck"]) != list(side.egg_deck):
            return f"{whose[p]} Digi-Egg deck holds {got['egg_deck']}, not {side.egg_deck}"
        missing = Counter(side.hand) - Counter(got["hand"])
        if missing:
            return f"{whose[p]} hand {got['hand']} lacks {sorted(missing.elements())}"
        if side.hand_exact and len(got["hand"]) != len(side.hand) + side.hand_extra:
            return (f"{whose[p]} hand holds {len(got['hand'])} cards, not "
                    f"{len(side.hand) + side.hand_extra}")
        if side.deck_top and got["deck"][:1] != side.deck_top[:1]:
            return f"the top card of {whose[p]} deck is {got['deck'][:1]}, not {side.deck_top}"
        if side.deck_size is not None and len(got["deck"]) != side.deck_size:
            return f"{whose[p]} deck holds {len(got['deck'])} cards, not {side.deck_size}"
        if side.security_top and got["security"][:1] != side.security_top[:1]:
            return (f"the top card of {whose[p]} security is {got['security'][:1]}, not "
                    f"{side.security_top}")
        if side.security_exact and len(got["security"]) != side.security_size:
            return (f"{whose[p]} security holds {len(got['security'])} cards, not "
                    f"{side.security_size}")
    return None


# ---------------------------------------------------------------------------------------------
# The schedule of one candidate


@dataclass
class Build:
    """One stack of the sketch and the turn of its owner that builds it."""

    owner: int
    spec: StackSpec
    area: str  # "battle" | "breeding"
    turn: int = 0
    attack_turn: int | None = None  # the turn it attacks (or its Tamer activates) in
    move_turn: int | None = None  # an egg stack for the battle area: moved out in this turn
    by_effect: bool = False  # hatched by a suspended Tamer's [Main] effect (BT1-089)

    @property
    def egg(self) -> bool:
        return is_egg(self.spec.cards[0])


@dataclass
class Candidate:
    """One way to reach the sketch: who goes first, the position's turn number, the builds,
    how each earlier turn ends (Gravity Crush count before its pass), extra attacks on
    Security per turn."""

    first: int
    target: int
    builds: list[Build]
    enders: dict[int, int] = field(default_factory=dict)
    security_attacks: dict[int, int] = field(default_factory=dict)
    residue: tuple[int, ...] = ()  # costs of textless Digimon that end the turn before


def _player_of(turn: int, first: int) -> int:
    return first if turn % 2 == 1 else 1 - first


def _turns_of(player: int, first: int, upto: int) -> list[int]:
    return [t for t in range(1, upto + 1) if _player_of(t, first) == player]


# ---------------------------------------------------------------------------------------------
# Decks


def _deck_lists(pos: DcgPosition, need: Sequence[list[str]],
                security: Sequence[list[str]]) -> tuple[list[dict[str, Any]], list[list[str]]]:
    """Per side: the deck list (named and needed cards plus inert fillers, 50 main cards,
    at most 4 copies) and the cards beyond the needed ones (the fillers, in filler order)."""
    lists, spare = [], []
    for p in (0, 1):
        side = pos.sides[p]
        main = list(need[p]) + list(security[p])
        counts = Counter(main)
        for card, n in counts.items():
            if n > copies_allowed(card):  # this candidate's plays, not the sketch: drop it
                raise _Refused(f"player {p} needs {n} copies of {card}; a deck holds "
                               f"{copies_allowed(card)} (CR4.2 Deck construction, restricted "
                               "list)")
        if len(main) > MAIN_DECK_SIZE:
            raise Unreached(f"player {p} needs {len(main)} main cards; a deck holds 50")
        fill: list[str] = []
        for card in FILLERS:
            while counts[card] < copies_allowed(card) and len(main) + len(fill) < MAIN_DECK_SIZE:
                counts[card] += 1
                fill.append(card)
        if len(main) + len(fill) < MAIN_DECK_SIZE:
            raise Unreached(f"player {p}: not enough filler cards for a 50-card deck")
        eggs = Counter(_egg_order(pos, p))
        main_counts = Counter(main + fill)
        lists.append({
            "name": f"scenario-seat-{p}",
            "deck": [{"id": c, "count": n} for c, n in sorted(main_counts.items())],
            "eggs": [{"id": c, "count": n} for c, n in sorted(eggs.items())],
        })
        spare.append(fill)
        del side
    return lists, spare


def _egg_order(pos: DcgPosition, p: int) -> list[str]:
    """Player ``p``'s Digi-Egg deck top first: the eggs hatched in the prelude (in build
    order), then the Digi-Egg deck the sketch states."""
    side = pos.sides[p]
    hatched = [s.cards[0] for s in _stacks(pos, p) if is_egg(s.cards[0])]
    return hatched + list(side.egg_deck)


def _stacks(pos: DcgPosition, p: int) -> list[StackSpec]:
    side = pos.sides[p]
    out = list(side.battle_area)
    if side.breeding_area is not None:
        out.append(side.breeding_area)
    return out


# ---------------------------------------------------------------------------------------------
# Playing one candidate on the oracle


class _Refused(Exception):
    pass


class _Game:
    """The oracle's game under construction; every action is judged by the oracle."""

    def __init__(self, setup: Mapping[str, Any]) -> None:
        self.o = OracleDriver()
        self.state: Mapping[str, Any] = self.o.new_game(setup)
        self.actions: list[dict[str, Any]] = []

    def act(self, **action: Any) -> Mapping[str, Any]:
        _SPENT[0] += 1
        if _SPENT[0] > BUDGET_ACTIONS:
            raise _Refused("out of planning budget")
        a = {k: v for k, v in action.items() if v is not None}
        out = self.o.apply(a)
        if out.refused:
            raise _Refused(f"{a}: {out.refusal}")
        assert out.state is not None
        self.state = out.state
        self.actions.append(a)
        return self.state

    def settle(self) -> None:
        """Resolve waiting effects the prelude does not care about, in the listed order."""
        while self.state["pending"] and self.state["to_move"] in (0, 1):
            self.act(type="resolve", player=self.state["turn_player"], index=0)

    def player(self, p: int) -> Mapping[str, Any]:
        return self.state["players"][p]

    def stack_id(self, p: int, top: str, area: str, used: set[int]) -> int:
        pl = self.player(p)
        pool = [pl["breeding_area"]] if area == "breeding" else list(pl["battle_area"])
        for s in pool:
            if s is not None and s["cards"][-1] == top and s["id"] not in used:
                return s["id"]
        raise _Refused(f"no stack of player {p} with {top} on top in the {area} area")


def _play_candidate(pos: DcgPosition, cand: Candidate, setup: dict[str, Any],
                    orders: Sequence[list[str]]) -> _Game:
    """Play ``cand`` on the oracle from ``new_game``; raises :class:`_Refused`."""
    g = _Game(setup)
    while g.state["chance"] and g.state["chance"]["kind"] == "shuffle":
        c = g.state["chance"]
        order = orders[c["player"]] if c["deck"] == "deck" else _egg_order(pos, c["player"])
        g.act(type="shuffle", player=c["player"], deck=c["deck"], order=list(order))
    g.act(type="choose_first", winner=cand.first)
    for p in (cand.first, 1 - cand.first):
        if g.state["phase"] == "setup" and g.state["to_move"] == p:
            g.act(type="keep", player=p)
    target = cand.target
    while True:
        g.settle()
        s = g.state
        if s["phase"] == "game_over":
            raise _Refused(f"the game ended in turn {s['turn']} ({s['reason']})")
        t, me = s["turn"], s["turn_player"]
        if t > target:
            raise _Refused("the position's turn went by")
        if s["step"] == "breeding":
            if t == target and pos.phase == "breeding":
                return g
            _breeding(g, cand, t, me)
            continue
        if s["step"] != "main":
            raise _Refused(f"waiting in step {s['step']}")
        _main(g, pos, cand, t, me)
        if t == target:
            g.settle()
            return g


def _breeding(g: _Game, cand: Candidate, t: int, me: int) -> None:
    for b in cand.builds:
        if b.owner == me and b.egg and b.turn == t and not b.by_effect:
            g.act(type="hatch", player=me)
            return
        if b.owner == me and b.move_turn == t:
            g.act(type="move", player=me)
            return
    g.act(type="do_nothing", player=me)


def _hatch_effect(card: str) -> int | None:
    """The index of a Tamer's [Main] "suspend this Tamer to hatch" effect (BT1-089)."""
    return next((i for i, e in enumerate(cards()[card]["effects"])
                 if e["timing"] == "main" and e["action"] == "hatch"
                 and e.get("cost") == "suspend_self"), None)


def _main(g: _Game, pos: DcgPosition, cand: Candidate, t: int, me: int) -> None:
    built: set[int] = set()
    # attacks (and Tamer activations) of stacks built earlier
    for b in cand.builds:
        if b.owner == me and b.attack_turn == t:
            top = b.spec.cards[-1]
            sid = g.stack_id(me, top, "battle", built)
            built.add(sid)
            if cards()[top]["kind"] == "tamer":
                effect = _hatch_effect(top)
                if effect is None:
                    raise _Refused(f"{top} has no [Main] effect that suspends it")
                g.act(type="activate", player=me, source=sid, effect=effect)
            else:
                g.act(type="attack", player=me, attacker=sid, target="player")
            g.settle()
    # extra attacks on Security, with any unsuspended stack not played this turn
    for _ in range(cand.security_attacks.get(t, 0)):
        pl = g.player(me)
        ready = [s for s in pl["battle_area"] if not s["suspended"]
                 and not s["played_this_turn"] and _is_digimon_stack(s["cards"])]
        if not ready:
            raise _Refused(f"no Digimon to attack with in turn {t}")
        g.act(type="attack", player=me, attacker=ready[0]["id"], target="player")
        g.settle()
        if g.state["turn"] != t:
            return
    # plays and digivolutions, in the sketch's order
    for b in cand.builds:
        if b.owner != me or b.turn != t:
            continue
        if g.state["turn"] != t:
            raise _Refused(f"turn {t} ended before all its plays")
        c = b.spec.cards
        if b.egg:
            sid = g.stack_id(me, c[0], "breeding", set())
        else:
            g.act(type="play", player=me, card=c[0])
            sid = max(s["id"] for s in g.player(me)["battle_area"])
        g.settle()
        for card in c[1:]:
            if g.state["turn"] != t:
                raise _Refused(f"turn {t} ended before a digivolution")
            g.act(type="digivolve", player=me, card=card, target=sid)
            g.settle()
            sid = next((s["id"] for s in [*g.player(me)["battle_area"],
                                          g.player(me)["breeding_area"]]
                        if s is not None and s["cards"][-1] == card), sid)
    if t == cand.target or g.state["turn"] != t:
        return
    if t == cand.target - 1:
        for cost in cand.residue:
            if g.state["turn"] != t:
                raise _Refused(f"turn {t} ended before its last play")
            g.act(type="play", player=me, card=RESIDUE[cost])
            g.settle()
        if g.state["turn"] != t:
            return
    for _ in range(cand.enders.get(t, 0)):
        g.act(type="use_option", player=me, card=GRAVITY_CRUSH)
        g.settle()
    if g.state["turn"] == t and g.state["step"] == "main":
        g.act(type="pass", player=me)


# ---------------------------------------------------------------------------------------------
# Candidates


def _candidates(pos: DcgPosition) -> Iterator[Candidate]:
    """Candidate schedules, the shortest games first."""
    P = pos.turn_player
    firsts = [pos.first_player] if pos.first_stated else [P, 1 - P]
    if pos.turn is not None:
        targets = [pos.turn]
    else:
        lo = _min_target(pos)
        targets = list(range(lo, lo + 12))
    sized = [p for p in (0, 1) if pos.sides[p].deck_size is not None]
    for target in targets:
        for first in firsts:
            if _player_of(target, first) != P:
                continue
            if any(_draws(p, first, target) + _digivolves(pos, p)
                   != MAIN_DECK_SIZE - 2 * HAND_SIZE - (pos.sides[p].deck_size or 0)
                   for p in sized):
                continue  # each Draw phase takes one card: the deck's size fixes the turn
            yield from _schedules(pos, first, target)


def _draws(p: int, first: int, target: int) -> int:
    """Cards player ``p`` drew in Draw phases up to the position's turn (DCG-6-3-1-1)."""
    return sum(1 for t in range(2, target + 1) if _player_of(t, first) == p)


def _digivolves(pos: DcgPosition, p: int) -> int:
    """Digivolutions the prelude makes for player ``p`` (each draws a card)."""
    return sum(len(s.cards) - 1 for s in _stacks(pos, p))


def _min_target(pos: DcgPosition) -> int:
    """The first turn worth trying: enough turns for a deck the sketch wants small."""
    lo = 1
    for p in (0, 1):
        size = pos.sides[p].deck_size
        if size is not None:
            draws = MAIN_DECK_SIZE - HAND_SIZE - SECURITY_SIZE - size
            lo = max(lo, 2 * (draws - _digivolves(pos, p)) - 2)
    for p in (0, 1):
        deficit = SECURITY_SIZE - pos.sides[1 - p].security_size
        if pos.sides[1 - p].security_exact and deficit > 0:
            lo = max(lo, 2 * deficit + 2)
    return max(1, lo - 1)


def _schedules(pos: DcgPosition, first: int, target: int) -> Iterator[Candidate]:
    P = pos.turn_player
    per_stack: list[list[Build]] = []
    for p in (0, 1):
        side = pos.sides[p]
        own = [t for t in _turns_of(p, first, target)]
        last = own[-1] if own else None  # the owner's last turn up to the target
        specs = [(s, "battle") for s in side.battle_area]
        if side.breeding_area is not None:
            specs.append((side.breeding_area, "breeding"))
        activator = last is not None and (p != P or pos.phase == "main") and any(
            s.suspended and _hatch_effect(s.cards[-1]) is not None for s in side.battle_area)
        for spec, area in specs:
            options = []
            egg = is_egg(spec.cards[0])
            if area == "breeding" and egg and activator:
                assert last is not None
                per_stack.append([Build(p, spec, area, last, by_effect=True)])
                continue
            for bt in own:
                b = Build(p, spec, area, bt)
                if spec.played_this_turn:
                    if not (p == P and bt == target and pos.phase == "main"):
                        continue
                elif bt == target:
                    # built in the position's turn: only a Tamer (never attacks) or a
                    # breeding area card, and only when the position is in the Main phase
                    if pos.phase != "main" or spec.suspended:
                        continue
                    if egg and area == "battle":
                        continue
                    if not egg and _is_digimon_stack(spec.cards):
                        continue
                if egg and area == "battle":
                    later = [t for t in own if t > bt]
                    if not later:
                        continue
                    b.move_turn = later[0]
                    if p == P and b.move_turn == target and pos.phase != "main":
                        continue
                if egg and area == "breeding" and bt == target and pos.phase != "main":
                    continue
                if spec.suspended:
                    if last is None or area != "battle":
                        continue
                    at = last if (p != P or pos.phase == "main") else None
                    if at is None:
                        continue
                    ready = (b.move_turn or bt) if egg else bt + 2
                    if cards()[spec.cards[-1]]["kind"] == "tamer":
                        ready = bt + 2
                    if ready > at:
                        continue
                    b.attack_turn = at
                options.append(b)
            if not options:
                _WHY.append(f"turn {target}: no turn of player {p} can build "
                            f"{_spec_show(spec)}")
                return
            options.reverse()  # latest build turn first: fewer start-of-turn effects before
            per_stack.append(options)
    combos = itertools.product(*per_stack) if per_stack else iter([()])
    enderable = [t for t in range(max(1, target - 3), target)]
    for combo in itertools.islice(combos, 200):
        builds = [Build(b.owner, b.spec, b.area, b.turn, b.attack_turn, b.move_turn,
                        b.by_effect) for b in combo]
        if not _ordered(builds):
            continue
        for enders in _ender_choices(enderable):
            for sec in _security_choices(pos, first, target, builds):
                yield Candidate(first, target, builds, enders, sec)
        if target > 1 and not pos.sides[1 - P].battle_area:
            for residue in RESIDUES:
                for sec in _security_choices(pos, first, target, builds):
                    yield Candidate(first, target, builds, {}, sec, residue)


def _ordered(builds: Sequence[Build]) -> bool:
    """Battle stacks enter the battle area in the sketch's order; one egg hatched at a time."""
    for p in (0, 1):
        entry = [(b.move_turn or b.turn) for b in builds if b.owner == p and b.area == "battle"]
        if entry != sorted(entry):
            return False
        eggs = [b for b in builds if b.owner == p and b.egg]
        hatch = [b.turn for b in eggs]
        if len(set(hatch)) != len(hatch):
            return False
        for b in eggs:  # the breeding area is free from its hatch to its move
            gone = b.move_turn if b.area == "battle" else 10 ** 6
            for o in eggs:
                if o is not b and b.turn <= o.turn < gone:
                    return False
    return True


def _ender_choices(turns: Sequence[int]) -> Iterator[dict[int, int]]:
    yield {}
    for t in reversed(turns):
        for n in range(1, min(2, copies_allowed(GRAVITY_CRUSH)) + 1):
            yield {t: n}


def _security_choices(pos: DcgPosition, first: int, target: int,
                      builds: Sequence[Build]) -> Iterator[dict[int, int]]:
    """Extra attacks on Security that bring each Security to its stated size."""
    plan: dict[int, int] = {}
    for p in (0, 1):
        victim = pos.sides[1 - p]
        if not victim.security_exact:
            continue
        planned = sum(1 for b in builds if b.owner == p and b.attack_turn is not None
                      and cards()[b.spec.cards[-1]]["kind"] != "tamer")
        deficit = SECURITY_SIZE - victim.security_size - planned
        if deficit < 0:
            return
        own = [t for t in _turns_of(p, first, target)]
        usable = [t for t in own if t < (target if p == pos.turn_player else target - 1)]
        for t in usable:
            if deficit == 0:
                break
            if any(b.owner == p and b.turn <= t - 2 and b.area == "battle" and not b.egg
                   and _is_digimon_stack(b.spec.cards) for b in builds):
                plan[t] = 1
                deficit -= 1
        if deficit:
            return
    yield plan


# ---------------------------------------------------------------------------------------------
# Planning


def _needs(pos: DcgPosition, cand: Candidate) -> list[list[str]]:
    """Per side, the main-deck cards the prelude plays or uses, in the order of use, then the
    hand the sketch names."""
    out: list[list[str]] = [[], []]
    for t in range(1, cand.target + 1):
        me = _player_of(t, cand.first)
        for b in cand.builds:
            if b.owner == me and b.turn == t:
                out[me] += [c for c in b.spec.cards if not is_egg(c)]
        if t < cand.target:
            out[me] += [GRAVITY_CRUSH] * cand.enders.get(t, 0)
        if t == cand.target - 1:
            out[me] += [RESIDUE[c] for c in cand.residue]
    for p in (0, 1):
        out[p] += pos.sides[p].hand
    return out


def _attackers_dp(cand: Candidate, attacker: int) -> list[int | None]:
    """The DP of the top card of each attack ``attacker`` makes on Security before the
    position, in the order the prelude makes them (per turn: the planned attacks in build
    order, then the extra ones, whose attacker is not fixed: None)."""
    out: list[int | None] = []
    for t in range(1, cand.target + 1):
        if _player_of(t, cand.first) != attacker:
            continue
        for b in cand.builds:
            if (b.owner == attacker and b.attack_turn == t
                    and cards()[b.spec.cards[-1]]["kind"] != "tamer"):
                out.append(cards()[b.spec.cards[-1]].get("dp"))
        out += [None] * cand.security_attacks.get(t, 0)
    return out


def _security(pos: DcgPosition, cand: Candidate, need: Sequence[list[str]]) -> list[list[str]]:
    """Per side, the Security stack top first: the cards the prelude's attacks check, the
    stated top card, then fillers.

    A deck holds one Gravity Crush BT1-090 (the official restricted list), the only filler
    whose check is no battle: it goes to the check of the weakest attacker, and every other
    checked card is a textless Digimon with less DP than its attacker (so the attacker
    stays, as the sketch shows it), when there is one."""
    out = []
    for p in (0, 1):
        side = pos.sides[p]
        dps = _attackers_dp(cand, 1 - p)
        checked = len(dps)
        counts = Counter(need[p]) + Counter(side.security_top)
        known = [(d, i) for i, d in enumerate(dps) if d is not None]
        weakest = min(known)[1] if known else (0 if dps else None)
        sec: list[str] = []
        while len(sec) < SECURITY_SIZE:
            i = len(sec)
            if i == checked and side.security_top:
                sec.append(side.security_top[0])
                continue
            order: Sequence[str] = SECURITY_FILLERS
            if i < checked:
                dp = dps[i]
                digimon = [c for c in SECURITY_FILLERS if c != GRAVITY_CRUSH]
                beaten = [c for c in digimon if dp is not None and cards()[c]["dp"] < dp]
                order = ([GRAVITY_CRUSH] if i == weakest else []) + beaten + digimon \
                    + [GRAVITY_CRUSH]
            card = next((c for c in order if counts[c] < copies_allowed(c)), None)
            if card is None:
                raise _Refused(f"player {p}: no security filler left")
            counts[card] += 1
            sec.append(card)
        out.append(sec)
    return out


def _orders(need: Sequence[list[str]], security: Sequence[list[str]], spare: Sequence[list[str]],
            tops: Sequence[tuple[int, str] | None]) -> list[list[str]]:
    """Per side, the shuffled deck, top first: 5 cards for the hand, 5 for Security (the
    5th card dealt ends on top of Security), then the draws; a stated top card of the deck
    goes where the deck's top is in the position."""
    out = []
    for p in (0, 1):
        rest = list(need[p])
        fill = list(spare[p])
        body = rest[:HAND_SIZE]
        while len(body) < HAND_SIZE:
            body.append(fill.pop(0))
        body += list(reversed(security[p]))
        draws = rest[HAND_SIZE:]
        top = tops[p]
        tail = draws + fill
        if top is not None:
            at, card = top
            if at < len(draws):
                raise _Refused("the deck's top card would be a card the prelude needs")
            tail.insert(at, card)
        out.append(body + tail)
    return out


def plan(pos: DcgPosition) -> Plan:
    """A prelude from ``new_game`` that reaches the sketch ``pos``, checked on the oracle.

    :raises Unreached: no candidate reaches it; the message names the fact the most promising
        candidate still missed (or why no candidate exists).
    :raises PositionError: the sketch itself is malformed.
    """
    named = pos.sides[0].named() + pos.sides[1].named()
    card_set = TEST_ONLY_SET if any(is_test_only(c) for c in named) else REAL_SET
    best: str | None = None
    tried = 0
    _WHY.clear()
    _SPENT[0] = 0
    for cand in _candidates(pos):
        tried += 1
        if tried > MAX_CANDIDATES or _SPENT[0] > BUDGET_ACTIONS:
            break
        try:
            need = _needs(pos, cand)
            security = _security(pos, cand, need)
            # the deck's main cards: what the prelude needs, the stated top card, Security
            extra = [[*need[p], *pos.sides[p].deck_top] for p in (0, 1)]
            decks, spare = _deck_lists(pos, extra, security)
            setup = {"ruleset": "dcg", "card_set": {"name": card_set}, "decks": decks,
                     "variants": dict(pos.variants)}
            # pass 1: how many cards each deck still holds in the position
            tops: list[tuple[int, str] | None] = [
                (10 ** 6, side.deck_top[0]) if side.deck_top else None for side in pos.sides]
            g = _play_candidate(pos, cand, setup, _orders(need, security, spare, tops))
            if any(tops):  # pass 2: the stated top card where the deck's top is then
                tops = [None if tp is None else (
                    MAIN_DECK_SIZE - 2 * HAND_SIZE - len(g.player(p)["deck"]), tp[1])
                    for p, tp in enumerate(tops)]
                g = _play_candidate(pos, cand, setup, _orders(need, security, spare, tops))
        except _Refused as e:
            best = best or str(e)
            continue
        residue = (1 - pos.turn_player, [RESIDUE[c] for c in cand.residue]) \
            if cand.residue else None
        why = unmet(pos, g.state, residue)
        if why is None:
            return Plan(setup, g.actions, cand.target, residue)
        best = why
    raise Unreached(f"no prelude from new_game reaches the described position "
                    f"({tried} candidates tried); the closest one: {best or _WHY[-1:]}")

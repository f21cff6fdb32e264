"""Digimon Power (DB-A.4) and the Power Option effects that modify it: a value derived from a
state, read by the rules (DB-C.4) and written into the state's JSON form.

This module reads a state and imports no rule module, so the value module
:mod:`oracle.digibattle.state` can show ``digimon_power`` without an import circle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from oracle.cards import Condition

if TYPE_CHECKING:
    from oracle.digibattle.state import State



def abilities(state: State, p: int) -> set[str]:
    """Special Abilities of player ``p``'s Digimon showing: printed ones plus those granted
    by their Power Options in play (e.g. Aquatic Attack BO-45 grants Swim)."""
    cards = state.game.card_set.cards
    me = state.players[p]
    out = set(cards[me.duel_zone[-1]].special_abilities)
    for play in state.plays:
        if play.player == p:
            for e in cards[play.card].effects:
                if e.kind == "grant_ability" and e.ability:
                    out.add(e.ability)
    return out


def condition_holds(state: State, p: int, cond: Condition | None) -> bool:
    """Whether ``cond`` holds for player ``p`` confronting the other player's Digimon."""
    if cond is None:
        return True
    cards = state.game.card_set.cards
    mine = cards[state.players[p].duel_zone[-1]]
    theirs = cards[state.players[1 - p].duel_zone[-1]]
    if cond.opponent_battle_type:
        return theirs.battle_type in cond.opponent_battle_type
    if cond.opponent_ability:
        return cond.opponent_ability in abilities(state, 1 - p)
    if cond.opponent_higher_level:
        return theirs.level_index > mine.level_index
    return True


def digimon_power(state: State, p: int) -> int:
    """DB-A.4: player ``p``'s current Digimon Power.

    The base is the showing card's power chart entry for the opponent's Battle Type
    (DB-AMB-10 ``own-type``: for its own Battle Type). Power Option modifiers then apply in
    play order (DB-AMB-15 ``add-first``: additions, then multiplications, then divisions);
    halving rounds down. Conditions are read now (DB-AMB-17 ``on-play``: when played).

    :returns: an integer ≥ 0.
    """
    g = state.game
    cards = g.card_set.cards
    mine = cards[state.players[p].duel_zone[-1]]
    theirs = cards[state.players[1 - p].duel_zone[-1]]
    power = mine.power[theirs.battle_type if g.chart_row == "opponent-type" else mine.battle_type]
    if not state.plays:
        return power
    mods: list[tuple[int, int]] = []  # (order class, value): 0 add, 1 multiply, 2 divide
    continuous = g.condition_timing == "continuous"
    for play in state.plays:
        for e in cards[play.card].effects:
            if e.kind == "add_power" and play.player == p:
                kind, val = 0, e.amount
            elif e.kind == "multiply_power" and play.player == p:
                kind, val = 1, e.factor
            elif e.kind == "divide_opponent_power" and play.player != p:
                kind, val = 2, e.divisor
            else:
                continue
            if e.when is not None:
                ok = condition_holds(state, play.player, e.when) if continuous else play.held
                if not ok:
                    continue
            mods.append((kind, val))
    if g.modifier_order == "add-first":
        mods.sort(key=lambda m: m[0])
    for kind, val in mods:
        if kind == 0:
            power += val
        elif kind == 1:
            power *= val
        else:
            power //= val
    return max(power, 0)

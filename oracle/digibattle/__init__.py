"""The Digi-Battle Arena rules (Bandai America, 1999–2001): clauses DB-A.0 … DB-D.6.

Public API::

    game = Game.default(target=1000, variants={"DB-AMB-6": "not-final"})
    state = new_game(game)
    actions = legal_actions(state)          # empty at a chance node: see state.chance
    state, events = apply(state, actions[0])
"""

from oracle.digibattle.power import digimon_power
from oracle.digibattle.rules import HOME_CLAUSES, apply, legal_actions
from oracle.digibattle.setup import new_game
from oracle.digibattle.state import (
    ACTION_TYPES,
    CHANCE,
    RULESET,
    Action,
    Event,
    Game,
    PlayerState,
    State,
    action_from_json,
    default_setup,
    game_from_setup,
)

__all__ = [
    "ACTION_TYPES", "CHANCE", "HOME_CLAUSES", "RULESET", "Action", "Event", "Game",
    "PlayerState", "State", "action_from_json", "apply", "default_setup", "digimon_power",
    "game_from_setup", "legal_actions", "new_game",
]

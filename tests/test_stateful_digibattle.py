"""Random Digi-Battle games keep the rules: the stateful test.

:class:`strategies.stateful.DigiBattleMachine` plays random games (drawn set-ups, variant
readings and card sets; legal choices by index; shuffles as permutations) and checks after
every step the invariants of :mod:`strategies.invariants`: card conservation, the Rookie at the
bottom of the Duel Zone, the hand back at 10 after each Regroup draw, scores changing only by a
won Duel's SCORE chart (or a ``score_on_digivolve`` card), game over exactly at the target, one
Digivolve per player per Duel, empty Power Ports at each Duel's start, schema validity, JSON
round trips and determinism.

The size of the run comes from the Hypothesis profile (``HYPOTHESIS_PROFILE``: ``dev``,
``ci`` or ``thorough``; see :mod:`strategies.profiles`): 20, 60 or 1,000 random games.
"""

from __future__ import annotations

from hypothesis.stateful import run_state_machine_as_test

from strategies.profiles import load_profile, stateful_settings
from strategies.stateful import DigiBattleMachine

load_profile()


def test_random_games_keep_the_rules() -> None:
    run_state_machine_as_test(DigiBattleMachine, settings=stateful_settings())

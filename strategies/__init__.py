"""Hypothesis strategies, stateful machines and settings profiles for digiconform.

- :mod:`strategies.digibattle`: strategies for Digi-Battle cards, card sets, decks, variant
  choices, targets, chance outcomes and whole games (sequences of legal actions).
- :mod:`strategies.invariants`: the rule invariants every Digi-Battle step must keep, checked
  from the rule text (``docs/rules/CLAUSES.md``), never from the oracle's own answers.
- :mod:`strategies.stateful`: :class:`~strategies.stateful.DigiBattleMachine`, a
  ``RuleBasedStateMachine`` that plays random games and checks the invariants after each step.
- :mod:`strategies.dcg`: strategies for the Digimon Card Game (chapter 6) ruleset.
- :mod:`strategies.profiles`: the ``dev``, ``ci`` and ``thorough`` settings profiles, chosen
  by the ``HYPOTHESIS_PROFILE`` environment variable. Test modules that use Hypothesis call
  ``strategies.profiles.load_profile()`` at import.
"""

"""Step definitions for the Gherkin features (``features/``), loaded by ``tests/conftest.py``.

- :mod:`.vocab`: the step parameter types (cards, players, phases) shared by every step.
- :mod:`.positions`: builds a starting position (set-up JSON + state JSON) from what the
  ``Given`` steps say, keeping card conservation.
- :mod:`.table`: the game under test as the steps see it (a ``Driver`` plus bookkeeping).
- :mod:`.expect`: assertion helpers whose messages name the clause, the step and the difference.
- :mod:`.given`, :mod:`.when`, :mod:`.then`: the steps themselves.
"""

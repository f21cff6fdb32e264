"""Hypothesis settings profiles: ``dev`` (default), ``ci`` and ``thorough``.

Choose one with the ``HYPOTHESIS_PROFILE`` environment variable (``.ci/run`` exports
``HYPOTHESIS_PROFILE=ci``)::

    HYPOTHESIS_PROFILE=thorough python -m pytest tests/test_stateful_digibattle.py

Every profile prints what is needed to replay a failure (``print_blob=True``: a
``@reproduce_failure`` line) and has no deadline (one game step's time varies with the state).

- ``dev``: quick local runs; failures are saved in the local example database and tried first.
- ``ci``: derandomized (the same examples on every run, so CI never flakes) with no example
  database; sized to keep the whole suite well inside CI's 90 minutes on 2 cores.
- ``thorough``: many more and longer examples, for a hunt before a release (tens of minutes).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, Phase, settings

PROFILE_ENV = "HYPOTHESIS_PROFILE"
"""Environment variable that names the profile to load."""

DEFAULT_PROFILE = "dev"
PROFILES: tuple[str, ...] = ("dev", "ci", "thorough")

# The stateful test draws whole games: its examples are large and slow by design.
_SUPPRESSED = (HealthCheck.too_slow, HealthCheck.data_too_large)


def register_profiles() -> None:
    """Register the ``dev``, ``ci`` and ``thorough`` profiles (safe to call repeatedly)."""
    common = {"deadline": None, "print_blob": True, "suppress_health_check": _SUPPRESSED}
    settings.register_profile("dev", max_examples=25, stateful_step_count=150, **common)
    settings.register_profile(
        "ci", max_examples=25, stateful_step_count=150, derandomize=True, database=None,
        **common,
    )
    settings.register_profile(
        "thorough", max_examples=500, stateful_step_count=400,
        phases=tuple(Phase), **common,
    )


def load_profile(name: str | None = None) -> str:
    """Register the profiles and load ``name`` (default: ``$HYPOTHESIS_PROFILE`` or ``dev``).

    :returns: the name of the profile loaded.
    :raises hypothesis.errors.InvalidArgument: an unknown profile name.
    """
    register_profiles()
    chosen = name or os.environ.get(PROFILE_ENV) or DEFAULT_PROFILE
    settings.load_profile(chosen)
    return chosen


STATEFUL_EXAMPLES = {"dev": 20, "ci": 60, "thorough": 1000}
"""Examples (random games) of the Digi-Battle stateful test per profile: a game is cheap next
to its checks, and most other tests need fewer examples than the profile's default."""


DCG_STATEFUL_EXAMPLES = {"dev": 10, "ci": 25, "thorough": 500}
"""Examples (random games) of the DCG stateful test per profile (``ci`` and ``thorough``: the
profiles' own ``max_examples``; ``dev``, the README's test command, fewer: its every-step
checks made it the slowest test of the default run)."""


def stateful_settings(ruleset: str = "digibattle") -> settings:
    """The current profile's settings with the stateful test's number of examples."""
    name = current_profile()
    table = DCG_STATEFUL_EXAMPLES if ruleset == "dcg" else STATEFUL_EXAMPLES
    return settings(max_examples=table.get(name, settings.default.max_examples))


def current_profile() -> str:
    """The profile named by the environment (what :func:`load_profile` loads by default)."""
    return os.environ.get(PROFILE_ENV) or DEFAULT_PROFILE

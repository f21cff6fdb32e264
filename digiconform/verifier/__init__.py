"""``digiconform verify``: check another implementation against the suite.

- :mod:`digiconform.verifier.runner` -- what runs (scenario vectors, random games, ambiguities)
  and what is required.
- :mod:`digiconform.verifier.differential` -- lockstep random games, shrinking, clause
  attribution, divergence traces.
- :mod:`digiconform.verifier.compare` -- how answers are compared.
- :mod:`digiconform.verifier.report` -- the report and its JSON, JUnit, Markdown and terminal
  forms.
"""

from typing import Any

__all__ = ["Options", "verify"]


def __getattr__(name: str) -> Any:
    # (imported when first asked for: ``serve`` imports ``compare`` alone, not the runner)
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from digiconform.verifier import runner

    return getattr(runner, name)

"""``digiconform verify``: check another implementation against the suite.

- :mod:`oracle.verifier.runner` -- what runs (scenario vectors, random games, ambiguities)
  and what is required.
- :mod:`oracle.verifier.differential` -- lockstep random games, shrinking, clause
  attribution, divergence traces.
- :mod:`oracle.verifier.compare` -- how answers are compared.
- :mod:`oracle.verifier.report` -- the report and its JSON, JUnit, Markdown and terminal
  forms.
"""

from oracle.verifier.runner import Options, verify

__all__ = ["Options", "verify"]

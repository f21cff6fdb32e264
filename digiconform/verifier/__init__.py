"""``digiconform verify``: check another implementation against the suite.

- :mod:`digiconform.verifier.runner` -- what runs (scenario vectors, random games, ambiguities)
  and what is required.
- :mod:`digiconform.verifier.differential` -- lockstep random games, shrinking, clause
  attribution, divergence traces.
- :mod:`digiconform.verifier.compare` -- how answers are compared.
- :mod:`digiconform.verifier.report` -- the report and its JSON, JUnit, Markdown and terminal
  forms.
"""

from digiconform.verifier.runner import Options, verify

__all__ = ["Options", "verify"]

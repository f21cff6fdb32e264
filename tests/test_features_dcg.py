"""The Digimon Card Game features (``features/dcg``) bound as pytest tests.

The DCG step definitions (``tests/steps/dcg_steps.py``) are brought into this module rather than
registered in ``tests/conftest.py``: pytest-bdd then sees them only for these scenarios, where
they win over the Digi-Battle steps of the same wording ("I pass") and never leak into the
Digi-Battle scenarios.
"""

import importlib

from pytest_bdd import scenarios

_steps = importlib.import_module(f"{__package__ + '.' if __package__ else ''}steps.dcg_steps")
globals().update({name: value for name, value in vars(_steps).items()
                  if name.startswith("pytestbdd_") or name == "dcg_table"})

scenarios("dcg")

"""The Gherkin features bound as pytest tests (step definitions: ``tests/steps``)."""

from pytest_bdd import scenarios

scenarios("digibattle")

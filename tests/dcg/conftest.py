"""Fixtures for the ``dcg`` tests (helpers live in :mod:`kit`)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from oracle.dcg import State

from .kit import make_state


@pytest.fixture
def mk() -> Callable[..., State]:
    """The :func:`kit.make_state` builder."""
    return make_state

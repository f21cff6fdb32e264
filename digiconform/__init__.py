"""digiconform: the conformance tooling around the reference oracle.

The command line (:mod:`digiconform.cli`), the pytest plugin (``pytest -p digiconform``,
:mod:`digiconform.pytest_plugin`), the harness protocol and ``serve``
(:mod:`digiconform.harness`), the verifier and its reports (:mod:`digiconform.verifier`), test
vectors (:mod:`digiconform.vectors`), perft (:mod:`digiconform.perft`), the ambiguity
register's renderer (:mod:`digiconform.ambiguities`) and the divergence measurement
(:mod:`digiconform.divergence`).

The direction is one way: ``digiconform`` imports :mod:`oracle` (the rules of both games);
``oracle`` never imports ``digiconform``. The verifier reaches the oracle only through its
driver contract (:mod:`oracle.driver`) and the protocol (``tests/test_layering.py``).
"""

from __future__ import annotations

from typing import Any

__version__ = "0.1.0"

def __getattr__(name: str) -> Any:
    """``pytest -p digiconform``: the plugin's hooks (:mod:`digiconform.pytest_plugin`) are
    looked up here only when pytest asks for them, so the command line never imports pytest."""
    if name.startswith("pytest_"):
        from digiconform import pytest_plugin

        if hasattr(pytest_plugin, name):
            return getattr(pytest_plugin, name)
    raise AttributeError(f"module 'digiconform' has no attribute {name!r}")


def __dir__() -> list[str]:
    from digiconform import pytest_plugin

    return sorted({*globals(), *(n for n in dir(pytest_plugin) if n.startswith("pytest_"))})

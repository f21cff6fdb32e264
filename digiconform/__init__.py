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

# (no import here: ``digiconform.__main__`` guards Ctrl-C only once this package is imported,
# so it is kept quick to import; annotations are not evaluated)

__version__ = "0.1.0"

# ``pytest -p digiconform``: the plugin's hooks, by name and signature (pluggy reads them from
# this module's namespace); each imports :mod:`digiconform.pytest_plugin` only when pytest
# calls it, so the command line never imports pytest.


def pytest_addoption(parser: object) -> None:
    """See :func:`digiconform.pytest_plugin.pytest_addoption`."""
    from digiconform.pytest_plugin import pytest_addoption as hook

    hook(parser)


def pytest_collection_modifyitems(session: object, config: object, items: list[object]) -> None:
    """See :func:`digiconform.pytest_plugin.pytest_collection_modifyitems`."""
    from digiconform.pytest_plugin import pytest_collection_modifyitems as hook

    hook(session, config, items)


def pytest_configure(config: object) -> None:
    """See :func:`digiconform.pytest_plugin.pytest_configure`."""
    from digiconform.pytest_plugin import pytest_configure as hook

    hook(config)


def pytest_report_header(config: object) -> list[str]:
    """See :func:`digiconform.pytest_plugin.pytest_report_header`."""
    from digiconform.pytest_plugin import pytest_report_header as hook

    return hook(config)


def pytest_terminal_summary(terminalreporter: object, exitstatus: int, config: object) -> None:
    """See :func:`digiconform.pytest_plugin.pytest_terminal_summary`."""
    from digiconform.pytest_plugin import pytest_terminal_summary as hook

    hook(terminalreporter, exitstatus, config)

"""Deprecated alias of the digiconform pytest plugin; use ``pytest -p digiconform``.

Kept for one release (removed in 0.2) so that ``pytest -p oracle.pytest_plugin`` and
``pytest_plugins = ["oracle.pytest_plugin"]`` keep working. It imports nothing from the
tooling: it only names the new plugin for pytest to load (``pytest_plugins``).
"""

import warnings

warnings.warn(
    "'oracle.pytest_plugin' is deprecated and will be removed in digiconform 0.2; "
    "use 'pytest -p digiconform'", FutureWarning, stacklevel=2)

pytest_plugins = ["digiconform.pytest_plugin"]

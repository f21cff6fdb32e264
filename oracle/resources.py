"""Locate the oracle's data: the JSON Schemas and the shipped card data.

:func:`schemas_dir` returns the installed copy inside the ``oracle`` package when it is
present (``pip install .`` puts the top-level ``schemas/`` directory in the wheel as
``oracle/_schemas``), else the source-tree copy at the repository root (a checkout or an
editable install). The suite's own files (features, vectors, traces) belong to the tooling
(``digiconform.resources``).
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["data_dir", "schemas_dir"]

_PACKAGE_DIR = Path(__file__).resolve().parent
_SOURCE_ROOT = _PACKAGE_DIR.parent


def _package_dir() -> Path:
    """Return the directory of the installed ``oracle`` package on the file system.

    A package imported from files (the usual case) is the directory of its
    ``__init__.py``: what :func:`importlib.resources.files` answers for it, without
    importing :mod:`importlib.resources` (some 12 ms of CPU at every start of ``serve`` and
    of the verifier). A package imported any other way (a zip file) is asked as before.
    """
    import oracle

    spec = oracle.__spec__
    origin = getattr(spec, "origin", None)
    if spec is not None and spec.has_location and isinstance(origin, str) and \
            type(spec.loader).__name__ == "SourceFileLoader" and os.path.isfile(origin):
        return Path(origin).parent
    from importlib import resources

    try:
        root = resources.files("oracle")
    except (ModuleNotFoundError, TypeError):
        return _PACKAGE_DIR
    return root if isinstance(root, Path) else _PACKAGE_DIR


def _pick(installed_name: str, source_name: str) -> Path:
    """Return ``oracle/<installed_name>`` if it is a directory, else ``<repo>/<source_name>``."""
    installed = _package_dir() / installed_name
    if installed.is_dir():
        return installed
    return _SOURCE_ROOT / source_name


def schemas_dir() -> Path:
    """Return the directory of the JSON Schemas (installed ``oracle/_schemas`` or ``schemas/``)."""
    return _pick("_schemas", "schemas")


def data_dir() -> Path:
    """Return the directory of the shipped card data (``oracle/data``).

    The card set and deck files live inside the package in both the source tree and an
    installed copy, so this is always the package's own ``data`` directory.
    """
    return _package_dir() / "data"

"""Locate the suite's own files: the Gherkin features, the vectors and the divergence traces.

Each function returns the installed copy inside the ``digiconform`` package when it is present
(``pip install .`` puts the top-level ``features/``, ``vectors/`` and ``traces/`` directories in
the wheel as ``digiconform/_features``, ``digiconform/_vectors`` and ``digiconform/_traces``),
else the source-tree copy at the repository root (a checkout or an editable install). The
schemas and card data belong to the oracle: :mod:`oracle.resources`.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["features_dir", "traces_dir", "vectors_dir"]

_PACKAGE_DIR = Path(__file__).resolve().parent
_SOURCE_ROOT = _PACKAGE_DIR.parent


def _pick(installed_name: str, source_name: str) -> Path:
    """``digiconform/<installed_name>`` if it is a directory, else ``<repo>/<source_name>``."""
    installed = _PACKAGE_DIR / installed_name
    return installed if installed.is_dir() else _SOURCE_ROOT / source_name


def features_dir() -> Path:
    """The Gherkin features (``digiconform/_features`` or ``features/``)."""
    return _pick("_features", "features")


def vectors_dir() -> Path:
    """The recorded test vectors (``digiconform/_vectors`` or ``vectors/``)."""
    return _pick("_vectors", "vectors")


def traces_dir() -> Path:
    """The minimal divergence traces of the ambiguity register (``digiconform/_traces`` or
    ``traces/``)."""
    return _pick("_traces", "traces")

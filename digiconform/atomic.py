"""Files written whole or not at all: every report and page ``digiconform`` writes.

:func:`write_bytes` writes to a temporary file in the same directory (``.NAME.XXXX.tmp``),
flushes it to disk (``fsync``), gives it the mode a new file would get, and renames it over
``path`` (:func:`os.replace`, atomic on POSIX file systems); then the directory is flushed
too. Whatever happens meanwhile (an exception, a signal, ``kill -9``, a full disk), ``path``
holds either its old content or the new one, or does not exist: never a part. A temporary
file is removed when the write fails; only a ``kill -9`` between its creation and the rename
can leave one behind (a hidden ``.NAME.*.tmp`` next to ``path``, never ``path`` itself).

``path`` itself is replaced, never written through: a symbolic link at ``path`` is replaced
by the file, its target is left alone.
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

__all__ = ["write_bytes", "write_text"]

_SURROGATE = re.compile("[\ud800-\udfff]")


def write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path`` atomically (see the module docstring).

    :raises OSError: the directory cannot be written, the disk is full, ... (``path`` is then
        as it was).
    """
    path = Path(path)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, _mode())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    try:  # the rename itself on disk (best effort: not every file system allows it)
        dfd = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dfd)
    except OSError:
        pass
    finally:
        os.close(dfd)


def write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` as UTF-8 to ``path`` atomically. A lone surrogate (which UTF-8 cannot
    hold: it comes from a ``"\\ud800"`` escape in some JSON) is written as U+FFFD."""
    write_bytes(path, _SURROGATE.sub("\ufffd", text).encode("utf-8"))


def _mode() -> int:
    """The mode of a new file under the current umask (mkstemp's own is 0600)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask

"""An output directory that only ever receives the files its writer names, nothing else.

``digiconform vectors export DIR`` writes hundreds of files under ``DIR``. Issue 17 found it
deleting ``DIR/schemas/`` whole, overwriting files without a word and writing through a
symlinked ``README.md`` to a file outside ``DIR``. :class:`OutputDir` makes that impossible:

- ``DIR`` must be new, empty, or written before by the same writer (it holds the marker file
  :data:`MARKER`, which lists every file written); with ``force`` any directory is accepted
  (the files of the same names are overwritten);
- no symlink is ever followed: ``DIR`` itself, every directory below it and every file
  written must not be a symlink (files are opened with ``O_NOFOLLOW``), and a path that is
  not a regular file or directory is refused;
- nothing is deleted, except files the marker lists from an earlier run that this run does
  not write again (stale vectors), and only when they are still regular files.

Every refusal is an :class:`OutputDirError` naming the path.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path, PurePosixPath

from oracle.errors import OracleError

__all__ = ["MARKER", "OutputDir", "OutputDirError"]

MARKER = ".digiconform-export.json"
"""The marker file: ``{"format": "digiconform-export/1", "writer": ..., "files": [...]}``."""

_FORMAT = "digiconform-export/1"


class OutputDirError(OracleError):
    """The output directory cannot be written safely: ``path`` and ``reason``."""

    def __init__(self, path: Path | str, reason: str) -> None:
        self.path = str(path)
        self.reason = reason
        super().__init__(f"{path}: {reason}")


class OutputDir:
    """Write files under ``root`` safely (see the module docstring).

    :param root: the directory (created if it does not exist; its parent must exist).
    :param writer: who writes (stored in the marker; a marker of another writer is refused).
    :param force: accept a non-empty directory without a marker.
    :raises OutputDirError: ``root`` is a symlink or not a directory, or is not empty and
        holds no marker of ``writer`` (without ``force``).
    """

    def __init__(self, root: Path, writer: str, *, force: bool = False) -> None:
        self.root = root
        self.writer = writer
        self.written: list[str] = []
        self.previous: list[str] = []
        if root.is_symlink():
            raise OutputDirError(root, "is a symlink; give the directory itself")
        if root.exists():
            if not root.is_dir():
                raise OutputDirError(root, "exists and is not a directory")
            previous = self._marker_files()
            if previous is not None:
                self.previous = previous
            elif any(root.iterdir()) and not force:
                raise OutputDirError(
                    root, f"is not empty and was not written by {writer} (no {MARKER}); "
                    "give --force to write into it anyway (files of the same names are "
                    "overwritten, nothing is deleted)")
        else:
            if not root.parent.is_dir():
                raise OutputDirError(root, f"its parent {root.parent} is not a directory")
            root.mkdir()
        self._save_marker(complete=False)

    def _marker_files(self) -> list[str] | None:
        """The files an earlier run listed, or None when there is no valid marker."""
        from oracle.errors import InvalidInputError
        from oracle.inputs import read_json

        marker = self.root / MARKER
        if marker.is_symlink() or not marker.is_file():
            return None
        try:
            doc = read_json(marker)
        except InvalidInputError:
            return None
        if not isinstance(doc, dict) or doc.get("format") != _FORMAT:
            return None
        if doc.get("writer") != self.writer:
            raise OutputDirError(self.root, f"was written by {doc.get('writer')!r}, not "
                                            f"{self.writer}")
        files = doc.get("files")
        if not isinstance(files, list) or not all(isinstance(f, str) for f in files):
            return None
        return files

    def _save_marker(self, *, complete: bool) -> None:
        doc = {"format": _FORMAT, "writer": self.writer, "complete": complete,
               "files": sorted(set(self.written) | (set() if complete else
                                                      set(self.previous)))}
        self._write_bytes(MARKER, (json.dumps(doc, indent=1) + "\n").encode("utf-8"))

    def _dir(self, rel: PurePosixPath) -> Path:
        """Make (or check) the directories of ``rel`` below the root; no symlink on the way."""
        here = self.root
        for part in rel.parent.parts:
            here = here / part
            try:
                st = os.lstat(here)
            except FileNotFoundError:
                here.mkdir()
                continue
            if stat.S_ISLNK(st.st_mode):
                raise OutputDirError(here, "is a symlink: not followed, not replaced")
            if not stat.S_ISDIR(st.st_mode):
                raise OutputDirError(here, "is in the way: not a directory")
        return here / rel.name

    def _write_bytes(self, rel_name: str, data: bytes) -> None:
        rel = PurePosixPath(rel_name)
        if rel.is_absolute() or ".." in rel.parts:  # pragma: no cover - writer's own names
            raise OutputDirError(rel_name, "not a path below the output directory")
        path = self._dir(rel)
        try:
            st = os.lstat(path)
        except FileNotFoundError:
            st = None
        if st is not None and not stat.S_ISREG(st.st_mode):
            what = "a symlink" if stat.S_ISLNK(st.st_mode) else "not a regular file"
            raise OutputDirError(path, f"is {what}: not followed, not replaced")
        flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_NOFOLLOW", 0) \
            | getattr(os, "O_CLOEXEC", 0)
        try:
            fd = os.open(path, flags, 0o644)
        except OSError as e:
            raise OutputDirError(path, f"cannot be written: {e.strerror or e}") from None
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
        except OSError as e:
            raise OutputDirError(path, f"cannot be written: {e.strerror or e}") from None

    def write(self, rel_name: str, data: bytes | str) -> None:
        """Write ``data`` to ``root/rel_name`` (a POSIX relative path).

        :raises OutputDirError: a symlink or a non-regular file in the way, or an OS error.
        """
        self._write_bytes(rel_name, data.encode("utf-8") if isinstance(data, str) else data)
        self.written.append(rel_name)

    def copy(self, source: Path, rel_name: str) -> None:
        """Write the bytes of ``source`` (a shipped file) to ``root/rel_name``."""
        self.write(rel_name, source.read_bytes())

    def finish(self) -> list[str]:
        """Remove the files an earlier run wrote that this one did not (still regular files
        only), save the marker and return the removed names."""
        removed = []
        for rel in sorted(set(self.previous) - set(self.written)):
            parts = PurePosixPath(rel).parts
            if not parts or PurePosixPath(rel).is_absolute() or ".." in parts or \
                    rel == MARKER:
                continue
            path = self.root.joinpath(*parts)
            here = self.root
            safe = True
            for part in parts[:-1]:
                here = here / part
                if here.is_symlink() or not here.is_dir():
                    safe = False
                    break
            if safe and not path.is_symlink() and path.is_file():
                path.unlink()
                removed.append(rel)
        self._save_marker(complete=True)
        return removed

"""The history's loose objects, read and checked in Python before libgit2 may touch them.

libgit2 (1.9) loops for good, holding the GIL, on a truncated loose object: one damaged file made
``history show``, ``blame`` and Entry History hang inside a C call that no Python timeout can
interrupt. So every loose object is checked here (inflated to its end, its header's size
compared) before libgit2 may read it: commits and trees when they first appear, blobs when they
are read (through ``read_blob``, never libgit2) and before a pack reads them all. A damaged
object is reported as ``HistoryDamagedError``, one line; the home itself is never touched.

Objects are written here too (blobs, off the GIL): to a temporary file, fsynced, renamed into
place, the folder fsynced, so a crash leaves the object whole or absent, never truncated.
"""
from __future__ import annotations

import contextlib
import os
import tempfile
import time
import zlib
from pathlib import Path
from typing import Iterator

from linghun.core.errors import LinghunError, UnreadableFileError
from linghun.core.fsio import _fsync_dir as fsync_folder  # the home's own: one place for it

#: a loose object that no state reaches is deleted only once it is this old: another process may
#: have written it and not committed yet (git's gc waits two weeks; a capture takes milliseconds)
PRUNE_GRACE_SECONDS = 15 * 60
_TEMP_PREFIX = "tmp_obj_"


class HistoryDamagedError(LinghunError):
    """The home's history cannot be read (a truncated or missing object, a broken ref)."""

    exit_code = UnreadableFileError.exit_code

    def __init__(self, path: Path | str, reason: str):
        self.path = Path(path)
        super().__init__(f"the home's history is damaged ({self.path}: {reason}); the home itself is untouched")


class LooseObjects:
    """The ``objects/xx/yyyy…`` files of one repository."""

    def __init__(self, objects: Path) -> None:
        self.root = Path(objects)
        # (name, size, mtime_ns) of the objects checked already: a file is inflated once per process
        self._checked: set[tuple[str, int, int]] = set()
        # the same of the blobs checked by their header only (read again, a 10k-entry home's
        # history read its ~1,000 loose blobs at every state recorded)
        self._headers: set[tuple[str, int, int]] = set()

    def path(self, hexid: str) -> Path:
        return self.root / hexid[:2] / hexid[2:]

    def names(self) -> Iterator[tuple[str, os.DirEntry]]:
        """Every loose object (hex id, its directory entry); temporary files left out."""
        with contextlib.suppress(FileNotFoundError):
            for sub in os.scandir(self.root):
                if len(sub.name) != 2 or not sub.is_dir():
                    continue
                with contextlib.suppress(FileNotFoundError):
                    for entry in os.scandir(sub.path):
                        if not entry.name.startswith(_TEMP_PREFIX):
                            yield sub.name + entry.name, entry

    def estimate(self) -> int:
        """About how many loose objects there are, from a sixteenth of the fan-out folders
        (``00`` to ``0f``; object ids are spread evenly), as git's automatic gc estimates them:
        a few directory reads however many there are."""
        count = 0
        for folder in range(16):
            with contextlib.suppress(FileNotFoundError, NotADirectoryError):
                with os.scandir(self.root / f"{folder:02x}") as found:
                    count += sum(1 for entry in found if not entry.name.startswith(_TEMP_PREFIX))
        return count * 16

    # -- reading -------------------------------------------------------------------------------
    def read(self, hexid: str) -> tuple[bytes, bytes] | None:
        """(kind, content) of a loose object, None when it is not loose (packed, or absent)."""
        path = self.path(hexid)
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            return None
        return _inflate(path, raw)

    def check_new(self, blobs_too: bool = False) -> None:
        """Check every loose object not checked yet: commits and trees whole (libgit2 reads
        them during any walk), blobs by their header only unless ``blobs_too`` (before a pack)."""
        for hexid, entry in self.names():
            try:
                st = entry.stat()
            except FileNotFoundError:
                continue
            seen = (hexid, st.st_size, st.st_mtime_ns)
            if seen in self._checked or (not blobs_too and seen in self._headers):
                continue
            path = Path(entry.path)
            try:
                raw = path.read_bytes()
            except FileNotFoundError:
                continue
            if blobs_too or not _is_blob(path, raw):
                _inflate(path, raw)
            else:
                self._headers.add(seen)  # a blob by its header only: checked whole when read or packed
                continue
            self._checked.add(seen)

    # -- writing -------------------------------------------------------------------------------
    def write(self, hexid: str, compressed: bytes) -> None:
        """Put an object in place whole: temp file, fsync, rename, fsync the folder."""
        folder = self.root / hexid[:2]
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=_TEMP_PREFIX, dir=folder)
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(compressed)
                out.flush()
                os.fsync(out.fileno())
            os.chmod(tmp, 0o444)  # git's loose objects are read-only
            os.replace(tmp, folder / hexid[2:])
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        fsync_folder(folder)

    def present_and_whole(self, hexid: str) -> bool:
        """Whether the object is loose and whole; a whole one is freshened (its mtime set to
        now) so a pack running meanwhile keeps it through the grace period, as git does."""
        path = self.path(hexid)
        try:
            _inflate(path, path.read_bytes())
        except FileNotFoundError:
            return False
        except HistoryDamagedError:
            return False  # rewritten whole by the caller
        with contextlib.suppress(OSError):
            os.utime(path)
        return True

    # -- upkeep --------------------------------------------------------------------------------
    def drop(self, packed, now: float | None = None) -> int:
        """Delete the loose objects ``packed(hexid)`` says the new pack holds, and the others
        (and dead temporary files) once older than ``PRUNE_GRACE_SECONDS``; returns how many."""
        now = time.time() if now is None else now
        dropped = 0
        with contextlib.suppress(FileNotFoundError):
            for sub in os.scandir(self.root):
                if len(sub.name) != 2 or not sub.is_dir():
                    continue
                for entry in os.scandir(sub.path):
                    try:
                        old = now - entry.stat().st_mtime > PRUNE_GRACE_SECONDS
                    except FileNotFoundError:
                        continue
                    temp = entry.name.startswith(_TEMP_PREFIX)
                    if old or (not temp and packed(sub.name + entry.name)):
                        with contextlib.suppress(FileNotFoundError):
                            os.unlink(entry.path)
                            dropped += 1
                with contextlib.suppress(OSError):
                    os.rmdir(sub.path)  # only when empty
        return dropped


def _is_blob(path: Path, raw: bytes) -> bool:
    try:
        head = zlib.decompressobj().decompress(raw, 32)
    except zlib.error:
        raise HistoryDamagedError(path, "a history object is not zlib data") from None
    return head.startswith(b"blob ")


def _inflate(path: Path, raw: bytes) -> tuple[bytes, bytes]:
    inflater = zlib.decompressobj()
    try:
        data = inflater.decompress(raw)
    except zlib.error as exc:
        raise HistoryDamagedError(path, f"a history object cannot be inflated ({exc})") from None
    if not inflater.eof:
        raise HistoryDamagedError(path, "a history object is truncated")
    header, sep, content = data.partition(b"\0")
    kind, _, size = header.partition(b" ")
    if not sep or not size.isdigit() or int(size) != len(content):
        raise HistoryDamagedError(path, "a history object is cut short or malformed")
    return kind, content

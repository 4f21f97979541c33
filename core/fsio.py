"""Safe file access for a memory home that another process (the agent) writes too.

- ``atomic_write``: temp file in the same folder, fsync, rename over the target, fsync the folder.
  A reader (or a crash) sees the old file or the new one, never a torn one; ``remove_dead_temps``
  deletes the temp files of writers killed mid-write.
- ``HomeLock``: one cross-process lock (``flock`` on a lock file) taken by every writer of a home;
  re-entrant inside a process so an operation can call another operation.
- ``read_text``: strict UTF-8; a file that is not UTF-8 raises ``NotUtf8Error`` and is left alone.
- ``read_json``: a file that does not parse is copied aside to ``<name>.<stamp>.corrupt`` and
  reported with ``CorruptFileError``; the caller decides whether to go on with an empty state.
- ``FileStamp``: mtime, size and content hash, to tell an external change from our own write;
  a stat alone is trusted only outside git's racy window (``RACY_NS``).
- ``observe_writes``: callbacks told of each completed ``atomic_write`` (the home's history uses
  it); they must be cheap, as they run in the writer's thread, inside its lock.
"""
from __future__ import annotations

import contextlib
import glob
import hashlib
import json
import os
import re
import secrets
import shutil
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

from linghun.core.errors import CorruptFileError, HomeBusyError, NotUtf8Error, UnsafePathError

try:  # POSIX
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]
    import msvcrt


def _fsync_dir(folder: Path) -> None:
    if os.name == "nt":  # pragma: no cover - directories cannot be opened on Windows
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


_write_observers: list[Callable[[Path, bytes], None]] = []


def observe_writes(callback: Callable[[Path, bytes], None]) -> Callable[[], None]:
    """Call ``callback(path, data)`` after every completed ``atomic_write``; returns the undo."""
    _write_observers.append(callback)
    return lambda: _write_observers.remove(callback) if callback in _write_observers else None


_TEMP = re.compile(r"^\..+\.(?:(?P<pid>\d+)-)?[A-Za-z0-9_]{6,16}\.tmp$")
#: a temporary file this old belongs to no live write (a write lasts milliseconds to seconds)
STALE_TEMP_SECONDS = 3600


def _new_temp(path: Path) -> tuple[int, str]:
    """A new temporary file beside ``path``, named ``.<name>.<pid>-<random>.tmp``.

    Created with mode 0666 filtered by the umask (and the folder's default ACL), as any new
    file of the folder would be; ``mkstemp`` would make it 0600 and a new file of the home
    would stay unreadable to the agent's group. The pid lets ``remove_dead_temps`` tell a dead
    writer's leftover from a write in progress.
    """
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
    while True:
        tmp = path.parent / f".{path.name}.{os.getpid()}-{secrets.token_hex(5)}.tmp"
        try:
            return os.open(tmp, flags, 0o666), str(tmp)
        except FileExistsError:  # pragma: no cover - 40 random bits
            continue


def atomic_write(path: Path, data: bytes | str) -> None:
    """Replace ``path`` with ``data`` so that no reader ever sees a partial file.

    The new file keeps the mode of the file it replaces; a new file gets the folder's default.
    """
    path = Path(path)
    if isinstance(data, str):
        data = data.encode("utf-8")
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = _new_temp(path)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        if path.exists():
            with contextlib.suppress(OSError):
                shutil.copymode(path, tmp)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    _fsync_dir(path.parent)
    announce_written(path, data)


def announce_written(path: Path, data: bytes) -> None:
    """Tell the ``observe_writes`` callbacks that ``path`` now holds ``data`` (``atomic_write``
    does; so does a multi-file commit of ``core.transaction`` for each file it puts in place)."""
    for observer in list(_write_observers):
        observer(path, data)


def writes_observed() -> bool:
    """Whether anyone listens to ``announce_written`` (so a caller can skip reading data back)."""
    return bool(_write_observers)


def remove_dead_temps(root: Path, skip: tuple[str, ...] = ()) -> list[Path]:
    """Delete the temporary files that writers killed mid-write left under ``root``.

    A temporary file is a dead writer's when the process named in it no longer exists, or when
    it is older than ``STALE_TEMP_SECONDS`` (an older name without a pid, or a pid reused). A
    write in progress is never touched: its process is alive and its file is fresh. Folders
    named in ``skip`` (a transaction journal, which recovery owns) are not entered.
    """
    removed: list[Path] = []
    now = time.time()
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d not in skip]
        for name in files:
            m = _TEMP.match(name)
            if not m:
                continue
            path = Path(folder) / name
            try:
                age = now - path.lstat().st_mtime
                pid = m.group("pid")
                if age > STALE_TEMP_SECONDS or (pid is not None and not _alive(int(pid))):
                    path.unlink()
                    removed.append(path)
            except OSError:
                continue
    return removed


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # it exists, owned by someone else
        return True
    return True


def open_for_append(path: Path, inside: Path):
    """``open(path, "a")`` for a file that must stay inside the folder ``inside``: a symlinked
    file, or a folder on the way that leads out of it, is refused (``UnsafePathError``)."""
    path = Path(path)
    if not path.parent.resolve().is_relative_to(Path(inside).resolve()):
        raise UnsafePathError(path, f"its folder leads out of {inside}")
    try:
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o666)
    except OSError as exc:
        if path.is_symlink():
            raise UnsafePathError(path, "it is a symbolic link") from None
        raise exc
    return os.fdopen(fd, "a", encoding="utf-8")


def append_text(path: Path, text: str) -> None:
    """Append by rewriting atomically: the agent may be reading the file while we write."""
    old = path.read_bytes() if path.exists() else b""
    atomic_write(path, old + text.encode("utf-8"))


def read_bytes(path: Path) -> bytes | None:
    try:
        return Path(path).read_bytes()
    except FileNotFoundError:
        return None


def decode_utf8(path: Path, raw: bytes) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise NotUtf8Error(path, exc) from None


def read_text(path: Path) -> str | None:
    """The file's text, ``None`` when it does not exist; ``NotUtf8Error`` when it is not UTF-8.

    Newlines are kept exactly as stored (no universal-newline translation) so a file read and
    written back without changes is byte-identical.
    """
    raw = read_bytes(path)
    return None if raw is None else decode_utf8(path, raw)


def quarantine(path: Path) -> Path:
    """Keep a dated copy of an unreadable file beside it and return the copy's path.

    Reading the same broken file again reuses the copy that already holds its bytes, so a file
    that stays broken does not leave a new copy at every read.
    """
    data = path.read_bytes()
    for existing in sorted(path.parent.glob(f"{glob.escape(path.name)}.*.corrupt")):
        if existing.read_bytes() == data:
            return existing
    dest = _corrupt_name(path)
    shutil.copy2(path, dest)
    return dest


def set_aside(path: Path) -> Path:
    """Move an unreadable file out of the way so a fresh one can start in its place; returns
    where its bytes are now.

    For files whose format says "unreadable reads as the empty state" (the team's cycle ledger):
    the file is renamed, never written over, to ``<name>.<stamp>.corrupt``; when ``quarantine``
    already keeps a copy of exactly these bytes the file is dropped and that copy is the one.
    A folder, or a symbolic link, is renamed as it is (the transaction journal of
    ``core.transaction`` when its record cannot be trusted).
    """
    path = Path(path)
    if not path.is_symlink() and path.is_file():
        data = path.read_bytes()
        for existing in sorted(path.parent.glob(f"{glob.escape(path.name)}.*.corrupt")):
            if existing.read_bytes() == data:
                path.unlink()
                _fsync_dir(path.parent)
                return existing
    dest = _corrupt_name(path)
    os.replace(path, dest)
    _fsync_dir(path.parent)
    return dest


def _corrupt_name(path: Path) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    dest = path.with_name(f"{path.name}.{stamp}.corrupt")
    n = 1
    while dest.exists():
        dest = path.with_name(f"{path.name}.{stamp}-{n}.corrupt")
        n += 1
    return dest


def read_json(path: Path) -> Any:
    """Parsed JSON, ``None`` when the file is missing or empty.

    A file that is not UTF-8 or not JSON is copied aside (``quarantine``) and raises
    ``CorruptFileError``; the original stays in place until a later write replaces it.
    """
    path = Path(path)
    raw = read_bytes(path)
    if raw is None or not raw.strip():
        return None
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise CorruptFileError(path, f"not valid JSON ({exc})", quarantine(path)) from None


def write_json(path: Path, value: Any) -> None:
    """Two-space indented JSON with non-ASCII kept as is, like the upstream plugins write it."""
    atomic_write(path, json.dumps(value, ensure_ascii=False, indent=2) + "\n")


#: A file whose timestamps are this close to the moment its stamp was taken may change again
#: within the same timestamp tick without its mtime, ctime or size changing: its stamp cannot
#: prove it unchanged (git's "racy clean" rule). Two seconds covers the coarsest file systems a
#: home may live on (FAT: 2 s; ext3, HFS+, many network mounts: 1 s).
RACY_NS = 2_000_000_000


@dataclass(frozen=True)
class FileStamp:
    """What a file looked like when we last read or wrote it.

    Equality compares what the file held (mtime, size, hash); ``ctime_ns``, ``ino`` and
    ``taken_ns`` only decide when a stat is enough to trust it (``same_content``).
    """

    mtime_ns: int
    size: int
    sha256: str
    ctime_ns: int = field(default=0, compare=False)
    ino: int = field(default=0, compare=False)
    taken_ns: int = field(default=0, compare=False)

    @classmethod
    def of_bytes(cls, path: Path, data: bytes) -> "FileStamp":
        st = os.stat(path)
        return cls(st.st_mtime_ns, st.st_size, hashlib.sha256(data).hexdigest(), st.st_ctime_ns, st.st_ino,
                   time.time_ns())

    @classmethod
    def read(cls, path: Path) -> "FileStamp | None":
        data = read_bytes(path)
        if data is None:
            return None
        return cls.of_bytes(path, data)

    @property
    def racy(self) -> bool:
        """True when the file was changed so shortly before the stamp was taken that a later
        change within the same tick could leave every timestamp as it is."""
        return self.taken_ns - max(self.mtime_ns, self.ctime_ns) < RACY_NS

    def same_content(self, path: Path) -> bool:
        """True when ``path`` still holds the stamped bytes.

        A stat is enough only when mtime, size, inode and ctime all match and the stamp is not
        racy; otherwise the content is hashed. Trusting mtime and size alone lost updates: a
        same-size write by another process within one timestamp tick was taken as no change,
        and the next save reverted it.
        """
        return self.confirm(path) is not None

    def confirm(self, path: Path) -> "FileStamp | None":
        """``same_content`` that also returns the stamp to keep: ``None`` when the bytes differ,
        else this stamp, or a fresh one when a hash had to confirm the bytes and the file's
        timestamps are now outside the racy window, so the next check is a stat again (a stamp
        taken within the window of a write would otherwise re-read and re-hash the whole file at
        every check for as long as it is kept)."""
        started = time.time_ns()
        try:
            st = os.stat(path)
        except FileNotFoundError:
            return None
        same_stat = (st.st_mtime_ns == self.mtime_ns and st.st_size == self.size and st.st_ino == self.ino
                     and st.st_ctime_ns == self.ctime_ns)
        if same_stat and not self.racy:
            return self
        if st.st_size != self.size:  # other bytes for sure: the caller reads them once, not twice
            return None
        data = read_bytes(path)
        if data is None or hashlib.sha256(data).hexdigest() != self.sha256:
            return None
        # The bytes read after ``st`` are the stamped ones. A write after ``st`` moves mtime or
        # ctime past ``started``; when ``st``'s timestamps are a window older than ``started``,
        # a stat taken later can tell such a write (git refreshes its racy index entries so).
        refreshed = FileStamp(st.st_mtime_ns, st.st_size, self.sha256, st.st_ctime_ns, st.st_ino, started)
        return self if refreshed.racy else refreshed


def _lock_holder(fd: int) -> str:
    """`` (pid N)`` from the lock file, or nothing when it names no process."""
    with contextlib.suppress(OSError, ValueError, AttributeError):  # no pread on Windows
        pid = int(os.pread(fd, 32, 0).decode("ascii").strip())
        return f" (pid {pid})"
    return ""


class HomeLock:
    """A cross-process, in-process re-entrant lock on one lock file.

    Every writer of a memory home holds it around read-modify-write, so two processes appending
    at once both land. The lock file is never deleted: deleting it would let two processes lock
    two different inodes.
    """

    #: how long a writer waits for the lock before giving up (``LINGHUN_LOCK_TIMEOUT`` overrides).
    #: Long operations compute without the lock and hold it only to commit, so a wait this long
    #: means a stuck writer, not a busy one.
    DEFAULT_TIMEOUT = 30.0

    def __init__(self, lock_path: Path, timeout: float | None = None):
        self.path = Path(lock_path)
        if timeout is None:
            timeout = float(os.environ.get("LINGHUN_LOCK_TIMEOUT") or self.DEFAULT_TIMEOUT)
        self.timeout = timeout
        self._thread_lock = threading.RLock()
        self._depth = 0
        self._fd: int | None = None

    @contextlib.contextmanager
    def hold(self) -> Iterator[None]:
        with self._thread_lock:
            if self._depth == 0:
                self._acquire()
            self._depth += 1
            try:
                yield
            finally:
                self._depth -= 1
                if self._depth == 0:
                    self._release()


    def _acquire(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:  # never through a symlink: the holder's pid is written into the lock file
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
        except OSError:
            if self.path.is_symlink():
                raise UnsafePathError(self.path, "the lock file is a symbolic link") from None
            raise
        deadline = time.monotonic() + self.timeout
        while True:
            try:
                if fcntl is not None:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                else:  # pragma: no cover
                    msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
                break
            except OSError:
                if time.monotonic() > deadline:
                    holder = _lock_holder(fd)
                    os.close(fd)
                    raise HomeBusyError(
                        f"the memory home is busy: another writer{holder} has held {self.path.name} for "
                        f"{self.timeout:g} s; nothing was written, try again (LINGHUN_LOCK_TIMEOUT sets the wait)"
                    ) from None
                time.sleep(0.005)
        self._fd = fd
        # who holds the lock, for the message of a writer that gives up waiting; written only
        # when the file names another process: rewriting it at every acquire changed its inode
        # (a journal transaction) for each write, and an fsync then waited for it. The lock file
        # is never fsynced: what it holds only matters while its holder is alive.
        mine = str(os.getpid()).encode()
        with contextlib.suppress(OSError, AttributeError):
            if os.pread(fd, 32, 0) != mine:
                os.ftruncate(fd, 0)
                os.pwrite(fd, mine, 0)

    def _release(self) -> None:
        fd, self._fd = self._fd, None
        if fd is None:
            return
        try:
            if fcntl is not None:
                fcntl.flock(fd, fcntl.LOCK_UN)
            else:  # pragma: no cover
                msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        finally:
            os.close(fd)

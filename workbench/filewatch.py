"""Watch a memory home for changes made by someone else (the agent, an editor, a sync tool).

- Directories are watched, not only files: an atomic save (write a temp file, rename it over the
  target) replaces the inode, which a file watch loses; the directory sees the rename. Files are
  watched too, because upstream writers rewrite some files in place, and they are re-added after
  every scan since a rename drops them from ``QFileSystemWatcher``.
- Notifications are throttled: the first one starts a short single-shot timer, the ones that come
  while it runs are folded into the same scan, so a burst of writes is one report and a steady
  stream still reports every ``debounce_ms``.
- Our own writes are not external: ``core.memory`` publishes ``memory.changed`` with the path after
  each write; the watcher records the file's ``core.fsio.FileStamp`` at that moment (in the
  writer's thread, before any scan can run) and a later scan that finds those bytes stays quiet.
"""
from __future__ import annotations

import logging
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from PySide6.QtCore import QFileSystemWatcher, QObject, Qt, QTimer, Signal, Slot

from linghun.core.events import Event, EventBus, bus as default_bus
from linghun.core.fsio import FileStamp
from linghun.core.home import MemoryHome

if TYPE_CHECKING:
    from linghun.core.memory import Memory

log = logging.getLogger(__name__)

WATCHED_SUFFIXES = (".md", ".json", ".jsonl")
DEFAULT_DEBOUNCE_MS = 150


def _is_tracked(path: Path) -> bool:
    # atomic_write's temp files start with a dot; quarantined copies end in .corrupt
    return path.suffix in WATCHED_SUFFIXES and not path.name.startswith(".")


class HomeWatcher(QObject):
    """Reports files of a memory home changed by another writer.

    Signals:
        sig_external_change(list): the paths (str) changed, created or removed by someone else.
        sig_own_change(list): the paths our process wrote (seen on disk by a scan).
    """

    sig_external_change = Signal(list)
    sig_own_change = Signal(list)
    _scanned = Signal(object)  # from the scanning thread: (folders, files, own, external)

    def __init__(self, home: MemoryHome, debounce_ms: int = DEFAULT_DEBOUNCE_MS,
                 event_bus: EventBus | None = None, parent: QObject | None = None,
                 memory: "Memory | None" = None) -> None:
        super().__init__(parent)
        self.home = home
        # the GUI's Memory: the scanning thread matches a new parse to its entry ids
        # (``Memory.prepare_latest``), it takes that before the panes hear of the change
        self.memory = memory
        self._fsw = QFileSystemWatcher(self)
        self._fsw.directoryChanged.connect(self._poke)
        self._fsw.fileChanged.connect(self._poke)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(debounce_ms)
        self._timer.timeout.connect(self.scan)
        self._lock = threading.Lock()
        self._ours: dict[str, FileStamp] = {}
        self._known: dict[str, FileStamp] = {}  # only the scanning thread touches it after __init__
        bus = event_bus or default_bus
        self._unsubscribe: Callable[[], None] | None = bus.subscribe("memory.changed", self._on_memory_changed)
        # A scan lists, stats and hashes files, and parses a changed warm.md (over 100 ms at 10k
        # entries): it runs on a thread of its own and posts what it found back (``_scanned``,
        # queued to this object's thread). One scan at a time; pokes meanwhile make one more. The
        # thread stays: starting one per scan waited for it to take the GIL from busy workers.
        self._scanner = ThreadPoolExecutor(max_workers=1, thread_name_prefix="home-watcher-scan")
        self._scanning: Future | None = None
        self._rescan = False
        self._closed = False
        self._scanned.connect(self._on_scanned, Qt.ConnectionType.QueuedConnection)
        folders = self.folders()
        self._watch_folders(folders)
        files = self._tracked_files(folders)
        racy = []
        for path in files:
            stamp = _cheap_stamp(path)
            self._known[str(path)] = stamp
            if stamp.racy:
                racy.append((path, stamp))
        self._rewatch_files(files)
        if racy:  # hashed on the scanning thread: a 100k-entry warm.md was 90 ms of the GUI thread
            self._scanner.submit(self._hash_racy, racy)

    # -- lifecycle ------------------------------------------------------------------------
    def close(self) -> None:
        self._closed = True
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        self._timer.stop()
        self._scanner.shutdown(wait=True)  # a scan's report then finds the watcher closed and is dropped
        paths = self._fsw.files() + self._fsw.directories()
        if paths:
            self._fsw.removePaths(paths)

    # -- our writes -----------------------------------------------------------------------
    def note_own_write(self, path: str | Path) -> None:
        """Remember the bytes we just wrote at ``path``; may be called from any thread."""
        stamp = FileStamp.read(Path(path))
        if stamp is None:
            return
        with self._lock:
            self._ours[str(Path(path))] = stamp

    def _on_memory_changed(self, event: Event) -> None:
        path = event.payload.get("path")
        if path:
            self.note_own_write(path)

    # -- watching -------------------------------------------------------------------------
    def folders(self) -> list[Path]:
        """The folders of the layout that exist now (team sub-folders included)."""
        h = self.home
        candidates = [h.dsh_home, h.root, h.memory, h.journal_dir, h.legacy_journal_dir, h.episodic_dir,
                      h.goals_dir]
        for team in (h.team_dir, h.legacy_team_dir):
            if team.is_dir():
                candidates.append(team)
                candidates.extend(p for p in sorted(team.rglob("*")) if p.is_dir())
        return [p for p in candidates if p.is_dir()]

    def _watch_folders(self, folders: list[Path]) -> None:
        have = set(self._fsw.directories())
        new = [str(p) for p in folders if str(p) not in have]
        if new:
            self._fsw.addPaths(new)

    def _tracked_files(self, folders: list[Path]) -> list[Path]:
        files: list[Path] = []
        for folder in folders:
            if folder == self.home.dsh_home:
                continue
            try:
                files.extend(p for p in folder.iterdir() if p.is_file() and _is_tracked(p))
            except OSError:
                continue
        return files

    def _rewatch_files(self, files: list[Path]) -> None:
        have = set(self._fsw.files())
        missing = [str(p) for p in files if str(p) not in have]
        if missing:
            self._fsw.addPaths(missing)

    @Slot(str)
    def _poke(self, _path: str = "") -> None:
        if not self._timer.isActive():
            self._timer.start()

    # -- scanning -------------------------------------------------------------------------
    @Slot()
    def scan(self) -> None:
        """Start a scan on the scanning thread (or ask the running one for another)."""
        if self._closed:
            return
        if self._scanning is not None:
            self._rescan = True
            return
        self._rescan = False
        self._scanning = self._scanner.submit(self._scan_files)

    def _hash_racy(self, racy: list[tuple[Path, FileStamp]]) -> None:
        """Scanning thread, first of all: the stamps of files written just before the home opened
        (their timestamps cannot tell a later change) get their hash. A file whose stat moved since
        it was stamped keeps the stamp without one: the watcher saw that write, and its scan
        reports it."""
        for path, stamp in racy:
            read = FileStamp.read(path)
            if read is not None and (read.mtime_ns, read.size, read.ino, read.ctime_ns) == (
                    stamp.mtime_ns, stamp.size, stamp.ino, stamp.ctime_ns):
                self._known[str(path)] = read

    def _scan_files(self) -> None:
        """Scanning thread: compare the files with what we last saw and post the result back
        (no Qt object is touched but the queued ``_scanned`` signal); a scan that fails reports
        nothing, so the next poke scans again."""
        try:
            found = self._compare()
        except Exception:  # noqa: BLE001 - a folder vanishing mid-scan must not stop the watching
            log.exception("scanning the home failed")
            found = ([], [], [], [], None)
        self._scanned.emit(found)

    def _compare(self) -> tuple:
        """``(folders, files, own, external, newer)``. A changed warm.md is parsed here before it
        is reported: every Memory of the process then takes that parse (``core.memory``), the GUI's
        with its entry ids matched here (``newer``), and the panes that reload on the report find
        it ready instead of parsing, hashing or matching 10k ids on the GUI thread."""
        folders = self.folders()
        files = self._tracked_files(folders)
        current = {str(p): p for p in files}
        external: list[str] = []
        own: list[str] = []
        for key in sorted(set(current) | set(self._known)):
            old = self._known.get(key)
            path = Path(key)
            if key not in current:  # removed
                if old is not None:
                    del self._known[key]
                    external.append(key)
                continue
            confirmed = old.confirm(path) if old is not None else None
            if confirmed is not None:
                self._known[key] = confirmed  # a stat next time, once out of the racy window
                continue
            new = FileStamp.read(path)
            if new is None:
                self._known.pop(key, None)
                continue
            self._known[key] = new
            with self._lock:
                ours = self._ours.get(key)
            if ours is not None and ours.sha256 == new.sha256:
                own.append(key)
            else:
                external.append(key)
        newer = None
        if str(self.home.warm) in external:
            _parse_warm(self.home)
            if self.memory is not None:
                newer = self.memory.prepare_latest()
        return folders, files, own, external, newer

    @Slot(object)
    def _on_scanned(self, found: tuple) -> None:
        self._scanning = None
        if self._closed:
            return
        folders, files, own, external, newer = found
        if self.memory is not None:
            self.memory.take_latest(newer)
        self._watch_folders(folders)
        self._rewatch_files(files)  # a rename drops the file from the watch
        if own:
            self.sig_own_change.emit(own)
        if external:
            self.sig_external_change.emit(external)
        if self._rescan:
            self.scan()


def _parse_warm(home: MemoryHome) -> None:
    """Scanning thread: parse warm.md into the process's shared parse (no Qt here). Written again
    while it was parsed (an agent writing fast): the next scan sees the newer bytes and parses them."""
    from linghun.core.errors import LinghunError
    from linghun.core.memory import Memory

    try:
        Memory(home).document()
    except LinghunError:  # unreadable: the panes say so when they read it themselves
        pass


def _cheap_stamp(path: Path) -> FileStamp:
    """A stamp without hashing: opening a home with large journals stays fast; a later change of
    any timestamp or the size is then taken as a change (the empty hash matches nothing). A file
    changed within the racy window is hashed by ``HomeWatcher._hash_racy``: its timestamps cannot
    tell a later change."""
    st = path.stat()
    return FileStamp(st.st_mtime_ns, st.st_size, "", st.st_ctime_ns, st.st_ino, time.time_ns())

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

import threading
import time
from pathlib import Path
from typing import Callable

from PySide6.QtCore import QFileSystemWatcher, QObject, QTimer, Signal, Slot

from linghun.core.events import Event, EventBus, bus as default_bus
from linghun.core.fsio import FileStamp
from linghun.core.home import MemoryHome

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

    def __init__(self, home: MemoryHome, debounce_ms: int = DEFAULT_DEBOUNCE_MS,
                 event_bus: EventBus | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.home = home
        self._fsw = QFileSystemWatcher(self)
        self._fsw.directoryChanged.connect(self._poke)
        self._fsw.fileChanged.connect(self._poke)
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(debounce_ms)
        self._timer.timeout.connect(self.scan)
        self._lock = threading.Lock()
        self._ours: dict[str, FileStamp] = {}
        self._known: dict[str, FileStamp] = {}
        bus = event_bus or default_bus
        self._unsubscribe: Callable[[], None] | None = bus.subscribe("memory.changed", self._on_memory_changed)
        # warm.md is parsed on a worker before the change is announced (see ``scan``); the worker
        # touches no Qt object, this timer on the GUI thread announces when it is done
        self._parsing: threading.Thread | None = None
        self._parsed_changes: list[str] = []
        self._reparses = 0
        self._parse_poll = QTimer(self)
        self._parse_poll.setInterval(20)
        self._parse_poll.timeout.connect(self._announce_parsed)
        self._watch_folders()
        for path in self._tracked_files():
            self._known[str(path)] = _cheap_stamp(path)
        self._rewatch_files()

    # -- lifecycle ------------------------------------------------------------------------
    def close(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        self._timer.stop()
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

    def _watch_folders(self) -> None:
        have = set(self._fsw.directories())
        new = [str(p) for p in self.folders() if str(p) not in have]
        if new:
            self._fsw.addPaths(new)

    def _tracked_files(self) -> list[Path]:
        files: list[Path] = []
        for folder in self.folders():
            if folder == self.home.dsh_home:
                continue
            try:
                files.extend(p for p in folder.iterdir() if p.is_file() and _is_tracked(p))
            except OSError:
                continue
        return files

    def _rewatch_files(self) -> None:
        have = set(self._fsw.files())
        missing = [str(p) for p in self._tracked_files() if str(p) not in have]
        if missing:
            self._fsw.addPaths(missing)

    @Slot(str)
    def _poke(self, _path: str = "") -> None:
        if not self._timer.isActive():
            self._timer.start()

    # -- scanning -------------------------------------------------------------------------
    @Slot()
    def scan(self) -> list[str]:
        """Compare the files with what we last saw; emit and return the external changes."""
        self._watch_folders()
        current = {str(p): p for p in self._tracked_files()}
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
            if old is not None and old.same_content(path):
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
        self._rewatch_files()
        if own:
            self.sig_own_change.emit(own)
        if external and (str(self.home.warm) in external or self._parsing is not None):
            # Parse the new warm.md on a worker first (a 10k-entry file is over 100 ms of parsing):
            # every Memory of the process then takes that parse (``core.memory``), and the panes
            # that reload on the signal find it ready instead of parsing on the GUI thread.
            self._parsed_changes += [p for p in external if p not in self._parsed_changes]
            if self._parsing is None:
                self._parsing = threading.Thread(target=_parse_warm, args=(self.home,), daemon=True,
                                                 name="warm.md parse")
                self._parsing.start()
                self._parse_poll.start()
        elif external:
            self.sig_external_change.emit(external)
        return external

    @Slot()
    def _announce_parsed(self) -> None:
        from linghun.core.memory import parse_is_current

        if self._parsing is None or self._parsing.is_alive():
            return
        if self._reparses < 3 and self.home.warm.exists() and not parse_is_current(self.home.warm):
            # written again while it was parsed (an agent writing fast): parse the newer file
            self._reparses += 1
            self._parsing = threading.Thread(target=_parse_warm, args=(self.home,), daemon=True, name="warm.md parse")
            self._parsing.start()
            return
        self._reparses = 0
        self._parse_poll.stop()
        self._parsing = None
        changes, self._parsed_changes = self._parsed_changes, []
        self.sig_external_change.emit(changes)


def _parse_warm(home: MemoryHome) -> None:
    """Worker: parse warm.md into the process's shared parse (no Qt here)."""
    from linghun.core.errors import LinghunError
    from linghun.core.memory import Memory

    try:
        Memory(home).document()
    except LinghunError:  # unreadable: the panes say so when they read it themselves
        pass


def _cheap_stamp(path: Path) -> FileStamp:
    """A stamp without hashing: opening a home with large journals stays fast; a later change of
    any timestamp or the size is then taken as a change (the empty hash matches nothing). A file
    changed within the racy window is hashed: its timestamps cannot tell a later change."""
    st = path.stat()
    stamp = FileStamp(st.st_mtime_ns, st.st_size, "", st.st_ctime_ns, st.st_ino, time.time_ns())
    return (FileStamp.read(path) or stamp) if stamp.racy else stamp

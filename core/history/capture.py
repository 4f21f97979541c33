"""Capture the home's versions as they happen, off the writer's thread.

Three sources feed one queue per process, drained by one background thread in order, so a
version is committed in the order it was written:
- our own writes: ``core.fsio.atomic_write`` tells ``_on_write`` the path and bytes it just wrote
  (the writer's thread only appends to the queue: no hashing, no git, never GUI-thread work);
- a watcher (the workbench's file watcher, ``linghun watch``) asks for a ``scan`` of the home
  when it sees someone else's change; queued behind our own writes, so a file we wrote is
  committed under our name before the scan could take it for the agent's.

Once a state of a writer other than the user is recorded, the same thread keeps the review's
reading of that write beside the history (``core.review.recorded``, core/REVIEW.md), the bytes
just written at hand.

Who wrote: the process names itself once (``set_process_writer``: ``cli``, ``workbench``...) and a
thread may say otherwise for a while (``writing_as("tool")`` around an agent tool call). Changes
seen by a watcher are the ``agent``'s: the workbench and the CLI capture their own writes first.

Settings, in the home's ``workbench.json`` (the agent ignores it)::

    {"history": {"enabled": true, "keepDays": 365}}

``enabled`` false turns capture off for that home; ``keepDays`` (0: keep everything) folds states
older than that into one when a watcher starts or ``linghun history prune`` runs.
"""
from __future__ import annotations

import atexit
import contextlib
import logging
import os
import queue
import sys
import threading
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator

from linghun.core.errors import LinghunError
from linghun.core.fsio import observe_writes
from linghun.core.history import spool
from linghun.core.history.layout import is_versioned
from linghun.core.home import MemoryHome
from linghun.core.secret_fields import keep_out

if TYPE_CHECKING:
    from linghun.core.history.store import HomeHistory

log = logging.getLogger(__name__)

DEFAULTS = {"enabled": True, "keepDays": 365}
AGENT = "agent"
IDLE_SECONDS = 0.2  # the capture thread ends after this long with nothing to record
#: the capture thread's niceness (Linux): on a busy machine the writer it follows (an append of
#: the agent's, the GUI) gets the CPU first. Capturing a 10k-entry warm.md costs more CPU than
#: the append that wrote it (deflating 1.4 MB: 10 ms); it is the priority, not the GIL, that
#: decides who waits: hashing and deflating release the GIL, the thread holds it only in short
#: libgit2 calls (about 1 ms a version).
CAPTURE_NICE = 10

_local = threading.local()
_process_writer = "linghun"


def set_process_writer(name: str) -> None:
    global _process_writer
    _process_writer = name


def current_writer() -> str:
    return getattr(_local, "writer", None) or _process_writer


@contextlib.contextmanager
def writing_as(name: str) -> Iterator[None]:
    """Writes of this thread inside the block are recorded as ``name``'s."""
    previous = getattr(_local, "writer", None)
    _local.writer = name
    try:
        yield
    finally:
        _local.writer = previous


def history_settings(home: MemoryHome) -> dict[str, Any]:
    from linghun.core.home_config import config_section

    try:
        section = config_section(home, "history")
    except LinghunError:
        section = None  # an unreadable workbench.json: keep the defaults, never stop a write
    out = dict(DEFAULTS)
    if isinstance(section, dict):
        out.update({k: section[k] for k in DEFAULTS if k in section})
    return out


@dataclass
class _Job:
    root: Path | None  # None: a flush marker
    writer: str
    when: datetime
    relative: str | None = None  # None: scan the whole home
    data: bytes | None = None
    done: threading.Event | None = None


class Recorder:
    """The per-process capture queue and its thread."""

    def __init__(self) -> None:
        self._homes: dict[Path, MemoryHome] = {}
        self._histories: dict[Path, HomeHistory | None] = {}
        self._queue: queue.Queue[_Job] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._guard = threading.Lock()
        self._unobserve = None
        self.errors: list[str] = []
        #: a one-shot command's writes are written down for the history (``core.history.spool``)
        self.spooling = False
        self._spooled_homes: set[Path] = set()

    # -- which homes ------------------------------------------------------------------------
    def enable(self, home: MemoryHome) -> None:
        """Record ``home`` from now on (idempotent, no I/O: the store is opened, and the
        settings read, by the capture thread at the first version)."""
        with self._guard:
            self._homes.setdefault(home.root, home)
            if self._unobserve is None:
                self._unobserve = observe_writes(self._on_write)

    def disable(self, home: MemoryHome) -> None:
        self.flush()
        with self._guard:
            self._homes.pop(home.root, None)
            self._histories.pop(home.root, None)

    def history_of(self, home: MemoryHome) -> HomeHistory | None:
        """The open store of ``home``, ``None`` when its settings turn history off."""
        with self._guard:
            known = home.root in self._histories
            history = self._histories.get(home.root)
        if not known:
            from linghun.core.history.store import HomeHistory  # libgit2 is loaded only when needed

            history = HomeHistory(home) if history_settings(home)["enabled"] else None
            with self._guard:
                history = self._histories.setdefault(home.root, history)
        if history is not None:
            self._commit_waiting(history)
        return history

    def _commit_waiting(self, history: HomeHistory) -> None:
        """Commit the states one-shot commands left for the history (``core.history.spool``),
        before anything is read or recorded: a failure is logged and they wait for the next."""
        try:
            for commit, writes in history.commit_waiting():
                _analyse_for_review(history, commit, writes)
        except Exception as exc:  # the history must never break the memory: they wait for the next
            # not a warning: whatever comes next (a read, this process's own capture) meets the
            # same damage and says so, in one line
            log.info("history: the states waiting for %s were not recorded (%s)", history.home.root, exc)
            self.errors.append(str(exc))

    # -- feeding ----------------------------------------------------------------------------
    def _on_write(self, path: Path, data: bytes) -> None:
        # runs in the writer's thread: find the home and queue, nothing more
        with self._guard:
            roots = list(self._homes)
        for root in roots:
            try:
                relative = path.relative_to(root).as_posix()
            except ValueError:
                continue
            if is_versioned(relative):
                # a key in the settings never reaches the queue, the spool or the history
                data = keep_out(relative, data)
                job = _Job(root, current_writer(), datetime.now().astimezone(), relative, data)
                if self.spooling:
                    self._spool(job)
                else:
                    self._put(job)
            return

    def _spool(self, job: _Job) -> None:
        """Write ``job``'s state down at once, in the writer's thread: a watcher that sees the
        file change finds the state waiting, with its writer, when it records (a few ms of
        writing against libgit2's load and a commit)."""
        with self._guard:
            home = self._homes.get(job.root)  # type: ignore[arg-type]
        if home is None or not history_settings(home)["enabled"]:
            return
        try:
            spool.put(home, job.writer, job.when, {job.relative: job.data})  # type: ignore[dict-item]
        except OSError as exc:  # the home is written; its next scan records these bytes
            log.warning("history: a change to %s was not written down (%s)", home.root, exc)
            self.errors.append(str(exc))
            return
        with self._guard:
            self._spooled_homes.add(home.root)

    def request_scan(self, home: MemoryHome, writer: str = AGENT) -> threading.Event | None:
        """Queue a scan of ``home`` (changes by someone else); the event is set once recorded."""
        self.enable(home)
        done = threading.Event()
        self._put(_Job(home.root, writer, datetime.now().astimezone(), done=done))
        return done

    def _put(self, job: _Job) -> None:
        with self._guard:
            self._queue.put(job)
            if self._thread is None:  # the thread ends when idle (no thread left behind)
                self._thread = threading.Thread(target=self._run, name="history-capture", daemon=True)
                self._thread.start()

    def flush(self, timeout: float = 30.0) -> bool:
        """Wait until everything queued so far is recorded (a one-shot command's writes are
        written down already: they are committed here only when too many wait)."""
        self._commit_if_too_many_wait()
        with self._guard:
            if self._thread is None:
                return True
        done = threading.Event()
        self._put(_Job(None, "", datetime.now(), done=done))
        return done.wait(timeout)

    def _commit_if_too_many_wait(self) -> None:
        with self._guard:
            homes = [self._homes[r] for r in self._spooled_homes if r in self._homes]
            self._spooled_homes.clear()
        for home in homes:
            if spool.over_limit(home):
                self.history_of(home)  # commits what waits

    # -- the thread -------------------------------------------------------------------------
    def _run(self) -> None:
        _lower_priority()
        pending: _Job | None = None
        while True:
            if pending is not None:
                job, pending = pending, None
            else:
                try:
                    job = self._queue.get(timeout=IDLE_SECONDS)
                except queue.Empty:
                    with self._guard:
                        if self._queue.empty():
                            self._thread = None
                            return
                    continue
            if job.root is None:  # a flush marker
                job.done.set()  # type: ignore[union-attr]
                continue
            if job.relative is None:  # a scan
                self._commit(job, None)
                if job.done is not None:
                    job.done.set()
                continue
            # writes waiting for the same home by the same writer become one state; a second
            # write of the same file starts a new one, so no version is skipped
            writes = {job.relative: job.data}
            while True:
                try:
                    nxt = self._queue.get_nowait()
                except queue.Empty:
                    break
                if (nxt.root == job.root and nxt.writer == job.writer and nxt.relative is not None
                        and nxt.relative not in writes):
                    writes[nxt.relative] = nxt.data
                else:
                    pending = nxt
                    break
            self._commit(job, writes)

    def _commit(self, job: _Job, writes: dict[str, bytes | None] | None) -> None:
        with self._guard:
            home = self._homes.get(job.root)  # type: ignore[arg-type]
        if home is None:
            return
        try:
            history = self.history_of(home)
            if history is None:
                return
            if writes is None:
                recorded = history.scan(job.writer, job.when)
            else:
                recorded = history.record(writes, job.writer, job.when)
        except Exception as exc:  # the history must never break the memory: log and go on
            log.warning("history: a change to %s was not recorded (%s); the home itself is written", home.root, exc)
            self.errors.append(str(exc))
            return
        if recorded is not None:
            _analyse_for_review(history, recorded, writes or {})


def _analyse_for_review(history: HomeHistory, commit: str, writes: dict[str, bytes | None]) -> None:
    """The review's reading of the state just recorded, kept beside the history, so the review
    queue's first build reads it instead of every version (core/REVIEW.md, "Analysed when
    recorded"). Here, on the capture thread, the bytes just written are at hand."""
    # imported when a state is recorded, for start-up time: every command imports this module,
    # and the review's reading loads difflib and the warm parser
    from linghun.core.review.recorded import note_state

    try:
        note_state(history, commit, writes)
    except Exception as exc:  # a record is a shortcut: the build analyses that write itself
        log.warning("review: the write recorded as %s was not analysed (%s)", commit[:12], exc)


def _lower_priority() -> None:
    """Lower the calling thread's priority by ``CAPTURE_NICE`` (Linux, where a thread has its
    own nice value; elsewhere the thread id could name another process, so nothing is done)."""
    if not sys.platform.startswith("linux"):
        return
    with contextlib.suppress(OSError, AttributeError):
        tid = threading.get_native_id()
        os.setpriority(os.PRIO_PROCESS, tid, min(19, os.getpriority(os.PRIO_PROCESS, tid) + CAPTURE_NICE))


recorder = Recorder()
atexit.register(recorder.flush, 10.0)


def enable(home: MemoryHome, writer: str | None = None) -> None:
    """Record ``home``'s versions from now on; ``writer`` names this process's writes."""
    if writer is not None:
        set_process_writer(writer)
    recorder.enable(home)


def history_of(home: MemoryHome) -> HomeHistory | None:
    return recorder.history_of(home)


def flush(timeout: float = 30.0) -> bool:
    return recorder.flush(timeout)


def spool_writes(on: bool) -> None:
    """A one-shot command's writes are written down for the history as they are made
    (``core.history.spool``) instead of committed by a thread: the command does not load libgit2."""
    recorder.spooling = on

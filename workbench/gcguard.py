"""Python's garbage collector, run on the GUI thread only.

Left alone, the cyclic collector runs in whichever thread happens to allocate past its threshold.
When that is a worker thread (a map rebuild, an assembler round) and the garbage holds Qt
objects, they are destroyed off the GUI thread: at best a warning, at worst a deadlock between
Qt's object mutex and the GIL (seen in the test suite). So automatic collection is switched off
and a timer on the GUI thread collects (``GuiThreadCollector``).
"""
from __future__ import annotations

import gc
import sys
import time

from PySide6.QtCore import QCoreApplication, QObject, QTimer


class GuiThreadCollector(QObject):
    """Create once, on the GUI thread, through ``install(app)``.

    Every ``INTERVAL_MS``, once more than the young generation's threshold of objects were
    allocated, the young generation is collected and what survives it is frozen: a collection
    then walks only what was allocated since the last one. Generational collection as CPython
    does it walked up to 500k objects at once on the GUI thread while workers parsed an outside
    write of a 10k-entry warm.md (gen-1 and gen-2 pauses of 40-180 ms in
    ``tests/perf/bench_ui_stalls.py``). Objects are mostly freed by reference counting, frozen or
    not; what a freeze keeps from the collector is cyclic garbage whose cycle closed after it
    survived. So once the heap has grown by ``DEEP_GROWTH`` since the home settled (or since the
    last deep collection), everything is thawed and collected once, then frozen:
    a pause of 100-300 ms with a 10k-entry home, so it waits until nothing has been allocated for
    ``QUIET_S`` (no round, parse or rebuild running), or ``DEEP_WAIT_MAX_S`` at the most.
    """

    # Checked often: a young collection walks every object allocated since the last one, and a
    # worker parsing warm.md allocates tens of thousands in 100 ms. A check with nothing due
    # costs a microsecond.
    INTERVAL_MS = 10
    # a deep collection walks the whole heap (200-300 ms with a 10k-entry home open): at most
    # once the heap doubled, so cyclic garbage kept by a freeze is bounded by that growth. The
    # heap is measured in the allocator's blocks (``sys.getallocatedblocks``, under a millisecond
    # at 5M blocks): counting the frozen objects (``gc.get_freeze_count``) walks them all, 30 ms
    # of the GUI thread at 2M.
    DEEP_GROWTH = 1.0
    GROWTH_CHECK_S = 1.0
    MIN_BASE_BLOCKS = 200_000
    QUIET_S = 1.0
    DEEP_WAIT_MAX_S = 120.0

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.threshold = gc.get_threshold()
        self.deep_collections = 0
        self._base = sys.getallocatedblocks()
        self._next_growth_check = 0.0
        self._last_young = 0.0
        self._deep_due_since: float | None = None
        self.holds = 0  # ``hold``: no collection until released
        gc.disable()
        self._timer = QTimer(self)
        self._timer.setInterval(self.INTERVAL_MS)
        self._timer.timeout.connect(self.check)
        self._timer.start()

    def check(self) -> None:
        if self.holds:
            return
        now = time.monotonic()
        if gc.get_count()[0] <= self.threshold[0]:
            # nothing to collect: quiet since QUIET_S (nothing allocates, so no round, parse or
            # rebuild runs) is when a due deep collection's pause goes unnoticed
            if self._deep_due_since is not None and now - self._last_young >= self.QUIET_S:
                self.collect_deep()
            return
        self._last_young = now
        gc.collect(0)
        gc.freeze()
        if self._deep_due_since is None and now >= self._next_growth_check:
            self._next_growth_check = now + self.GROWTH_CHECK_S
            if sys.getallocatedblocks() > max(self._base, self.MIN_BASE_BLOCKS) * (1 + self.DEEP_GROWTH):
                self._deep_due_since = now
        if self._deep_due_since is not None and now - self._deep_due_since >= self.DEEP_WAIT_MAX_S:
            self.collect_deep()  # never quiet for that long: collect anyway

    def collect_deep(self) -> None:
        """Thaw, collect everything, freeze again; the heap left is the next base."""
        _collect_everything()
        self.settled()
        self.deep_collections += 1

    def settled(self) -> None:
        """A home finished loading: its heap is the base for ``DEEP_GROWTH``; a deep collection
        found due while it loaded (measured against the empty application) is not."""
        self._base = sys.getallocatedblocks()
        self._deep_due_since = None
        self._next_growth_check = time.monotonic() + self.GROWTH_CHECK_S


def settle() -> None:
    """A home is loaded: move what exists now (its parsed entries, the search index, the panes)
    out of the collector's reach, so a collection on the GUI thread walks only what came after
    (measured by ``tests/perf/bench_ui_stalls.py``: about 100 ms -> a few ms at 10k entries).
    Objects of the home stay alive while it is open anyway; ``thaw`` hands them back on close."""
    gc.freeze()
    _rebase()


def hold() -> None:
    """A worker is building what the open home keeps (a big warm.md's parse and rows, its search
    index): no collection until ``release``. A young collection on the GUI thread would walk
    every object the worker made since the last one, and a worker holding the GIL makes hundreds
    of thousands between two checks (126 ms pauses opening a 100k-entry home); those objects
    live as long as the home, so the release freezes them instead. Holds nest."""
    guard = _guard()
    if guard is not None:
        guard.holds += 1


def release() -> None:
    """End one ``hold``; the last one freezes what exists now (``settle``)."""
    guard = _guard()
    if guard is not None and guard.holds:
        guard.holds -= 1
        if not guard.holds:
            settle()


def thaw() -> None:
    """The home is closing: its objects are collected now, not frozen again by the next check."""
    _collect_everything()
    _rebase()


def _collect_everything() -> None:
    gc.unfreeze()
    gc.collect()
    gc.freeze()


def _rebase() -> None:
    guard = _guard()
    if guard is not None:
        guard.settled()


def _guard() -> GuiThreadCollector | None:
    return getattr(QCoreApplication.instance(), "_linghun_gc_guard", None)


def install(app: QObject) -> GuiThreadCollector:
    """Switch collection to the GUI thread for the life of ``app`` (idempotent)."""
    guard = getattr(app, "_linghun_gc_guard", None)
    if guard is None:
        guard = GuiThreadCollector(app)
        app._linghun_gc_guard = guard  # keep it alive with the application
    return guard

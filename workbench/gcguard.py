"""Python's garbage collector, run on the GUI thread only.

Left alone, the cyclic collector runs in whichever thread happens to allocate past its threshold.
When that is a worker thread (a map rebuild, an assembler round) and the garbage holds Qt
objects, they are destroyed off the GUI thread: at best a warning, at worst a deadlock between
Qt's object mutex and the GIL (seen in the test suite). So automatic collection is switched off
and a timer on the GUI thread collects, generation by generation, when the counts say it is due.
"""
from __future__ import annotations

import gc

from PySide6.QtCore import QObject, QTimer


class GuiThreadCollector(QObject):
    """Create once, on the GUI thread, and keep a reference (``app.gc_guard = ...``).

    Young generations are collected when their counts say so, as CPython would. A full
    collection follows CPython's own rule for automatic ones (which a plain ``gc.collect(2)``
    skips): only once the long-lived objects it has not walked yet are a quarter of those it
    has. What survives a full collection is then frozen, so the next one walks only what came
    after it
    (after rounds and external rewrites of a 10k-entry home a full collection walked the whole
    heap on the GUI thread: 70-140 ms; see ``tests/perf/bench_ui_stalls.py --trace``). Frozen
    objects that later become cyclic garbage would stay; so once the frozen population has grown
    by ``REFREEZE_GROWTH`` since the home settled, the next full collection thaws everything
    first and walks the whole heap once.
    """

    # Checked often: a young collection walks every object allocated since the last one, and a
    # worker parsing warm.md allocates tens of thousands in 100 ms (a 500 ms period made single
    # young collections of 190k objects: 175 ms). A check with nothing due costs a microsecond.
    INTERVAL_MS = 25
    FULL_GROWTH = 0.25  # CPython's long_lived_pending > long_lived_total / 4
    REFREEZE_GROWTH = 0.5

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.threshold = gc.get_threshold()
        self.full_collections = 0
        self._settled_frozen = gc.get_freeze_count()
        gc.disable()
        self._timer = QTimer(self)
        self._timer.setInterval(self.INTERVAL_MS)
        self._timer.timeout.connect(self.check)
        self._timer.start()

    def check(self) -> None:
        counts = gc.get_count()
        if counts[0] <= self.threshold[0]:
            return
        if counts[1] <= self.threshold[1]:
            gc.collect(0)
        elif counts[2] <= self.threshold[2] or not self._full_is_due():
            gc.collect(1)
        else:
            self.collect_full()

    def _full_is_due(self) -> bool:
        return len(gc.get_objects(generation=2)) > gc.get_freeze_count() * self.FULL_GROWTH

    def collect_full(self) -> None:
        if gc.get_freeze_count() > self._settled_frozen * (1 + self.REFREEZE_GROWTH):
            gc.unfreeze()
        gc.collect(2)
        gc.freeze()
        self.full_collections += 1

    def settled(self) -> None:
        """The freeze after a home loaded is the new base for ``REFREEZE_GROWTH``."""
        self._settled_frozen = gc.get_freeze_count()


def settle() -> None:
    """A home is loaded: move what exists now (its parsed entries, the search index, the panes)
    out of the collector's reach, so a full collection on the GUI thread walks only what came
    after (measured by ``tests/perf/bench_ui_stalls.py``: about 100 ms -> a few ms at 10k entries).
    Objects of the home stay alive while it is open anyway; ``thaw`` hands them back on close."""
    gc.freeze()
    from PySide6.QtCore import QCoreApplication

    guard = getattr(QCoreApplication.instance(), "_linghun_gc_guard", None)
    if guard is not None:
        guard.settled()


def thaw() -> None:
    """The home is closing: its objects may be collected again."""
    gc.unfreeze()


def install(app: QObject) -> GuiThreadCollector:
    """Switch collection to the GUI thread for the life of ``app`` (idempotent)."""
    guard = getattr(app, "_linghun_gc_guard", None)
    if guard is None:
        guard = GuiThreadCollector(app)
        app._linghun_gc_guard = guard  # keep it alive with the application
    return guard

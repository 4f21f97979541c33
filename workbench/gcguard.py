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
    """Create once, on the GUI thread, and keep a reference (``app.gc_guard = ...``)."""

    INTERVAL_MS = 500

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.threshold = gc.get_threshold()
        gc.disable()
        self._timer = QTimer(self)
        self._timer.setInterval(self.INTERVAL_MS)
        self._timer.timeout.connect(self.check)
        self._timer.start()

    def check(self) -> None:
        counts = gc.get_count()
        if counts[0] > self.threshold[0]:
            generation = 0
            if counts[1] > self.threshold[1]:
                generation = 2 if counts[2] > self.threshold[2] else 1
            gc.collect(generation)


def settle() -> None:
    """A home is loaded: move what exists now (its parsed entries, the search index, the panes)
    out of the collector's reach, so a full collection on the GUI thread walks only what came
    after (measured by ``tests/perf/bench_ui_stalls.py``: about 100 ms -> a few ms at 10k entries).
    Objects of the home stay alive while it is open anyway; ``thaw`` hands them back on close."""
    gc.freeze()


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

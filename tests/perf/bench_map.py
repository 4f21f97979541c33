"""Benchmark of the memory map and the offline ontology projection.

Run: ``python -m tests.perf.bench_map``. Targets on a 2-core machine: map build + render at 10k
warm entries < 300 ms (warm.md parsed from disk included); offline projection of 1k entries < 2 s;
the GUI thread's part of showing a rebuilt map, and a reloaded journal timeline, at 10k entries
< 20 ms (the slot that swaps the worker's result in: CPU of the GUI thread beside wall).

"first" runs pay for jieba's dictionary and the per-text token caches; the steady state is what
the workbench and the injection see once the process is running.
"""
from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from linghun.core.map import build_map, render_map
from linghun.core.memory import Memory
from linghun.core.ontology import memory_project, project_offline
from tests.perf.synth import make_home


def _times(fn, runs: int) -> tuple[float, float, float]:
    out = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t0) * 1000)
    return out[0], min(out), statistics.median(out)


def bench_map(n: int = 10_000, runs: int = 7) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        home = make_home(Path(tmp), n)
        first, best, median = _times(lambda: render_map(build_map(home)), runs)
        print(f"map build + render, {n:,} entries, warm.md read from disk: first {first:.0f} ms, "
              f"best {best:.0f} ms, median {median:.0f} ms")
        memory = Memory(home)
        memory.entries()
        _, best, median = _times(lambda: render_map(build_map(home, memory)), runs)
        print(f"map build + render, {n:,} entries, parsed warm kept (workbench): best {best:.0f} ms, "
              f"median {median:.0f} ms")
        mm = build_map(home, memory)
        _, best, median = _times(lambda: render_map(mm), runs)
        print(f"map render only (2000-character budget): best {best:.1f} ms, median {median:.1f} ms")


def bench_gui_swap(n: int = 10_000, runs: int = 5) -> None:
    """CPU (of the GUI thread only) and wall time of the slots that show a result prepared on a
    worker: the map pane's ``_on_built`` and the journal pane's ``_show_data``."""
    import os

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from linghun.workbench.models.map import build_snapshot
    from linghun.workbench.panes import WorkbenchContext
    from linghun.workbench.panes.journal.pane import JournalPane
    from linghun.workbench.panes.journal.timeline_data import collect
    from linghun.workbench.panes.map import MapPane
    from linghun.workbench.settings import Settings
    from linghun.workbench.tasks import TaskState

    from linghun.workbench import gcguard

    app = QApplication.instance() or QApplication([])
    gcguard.install(app)  # collections on the GUI thread's timer, as in the workbench
    with tempfile.TemporaryDirectory() as tmp:
        home = make_home(Path(tmp) / "dsh", n)
        ctx = WorkbenchContext.open(home, Settings(Path(tmp) / "settings.ini"))
        try:
            map_pane = MapPane.create(ctx)
            map_pane._first_build.stop()  # the snapshots below are built here, not by the pane
            journal = JournalPane.create(ctx)
            for pane in (map_pane, journal):
                pane.resize(1280, 700)
                pane.show()
            while not journal.loaded:  # its own first collection (on a worker) is in before the swaps
                QTest.qWait(20)
            snapshots = [build_snapshot(TaskState(), home, map_pane.budget.value()) for _ in range(runs)]
            timeline = [collect(home, ctx.memory.entries()) for _ in range(runs)]
            for name, slot, results in (("map pane _on_built", map_pane._on_built, snapshots),
                                        ("journal pane _show_data", journal._show_data, timeline)):
                cpu, wall = [], []
                for result in results:
                    QTest.qWait(50)  # painted and idle before each swap
                    w0, c0 = time.perf_counter(), time.thread_time()
                    slot(result)
                    cpu.append((time.thread_time() - c0) * 1000)
                    wall.append((time.perf_counter() - w0) * 1000)
                    app.processEvents()
                print(f"{name}, {n:,} entries, GUI thread: CPU median {statistics.median(cpu):.1f} ms "
                      f"(max {max(cpu):.1f}), wall median {statistics.median(wall):.1f} ms (max {max(wall):.1f})")
            map_pane.shutdown()
            journal.shutdown()
        finally:
            ctx.close()


def bench_projection(n: int = 1_000, runs: int = 5) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        home = make_home(Path(tmp), n, seed=11)
        entries = Memory(home).entries()
        first, best, median = _times(lambda: project_offline(entries), runs)
        print(f"offline projection, {n:,} entries: first {first:.0f} ms, best {best:.0f} ms, median {median:.0f} ms")
        first, best, median = _times(lambda: memory_project(home), runs)
        print(f"memory_project (read, project, compare, write once), {n:,} entries: first {first:.0f} ms, "
              f"best {best:.0f} ms, median {median:.0f} ms")


if __name__ == "__main__":
    bench_map()
    bench_gui_swap()
    bench_projection()

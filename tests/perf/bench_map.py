"""Benchmark of the memory map and the offline ontology projection.

Run: ``python -m tests.perf.bench_map``. Targets on a 2-core machine: map build + render at 10k
warm entries < 300 ms (warm.md parsed from disk included); offline projection of 1k entries < 2 s.

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
    bench_projection()

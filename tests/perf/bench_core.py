"""Benchmark of the memory core: warm.md parse time and append latency.

Run: ``python -m tests.perf.bench_core``. Targets on a 2-core machine: parse 10k entries < 150 ms,
append < 30 ms at 10k entries.
"""
from __future__ import annotations

import os
import statistics
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path

from linghun.core.formats.warm import parse_warm
from linghun.core.memory import Memory, MemoryConfig
from tests.perf.synth import make_home, warm_text


def _best_of(fn, runs: int) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times) * 1000, statistics.median(times) * 1000


def bench_parse() -> None:
    for n in (1_000, 10_000, 100_000):
        text = warm_text(n)
        best, median = _best_of(lambda: parse_warm(text).numbered(), 5 if n < 100_000 else 3)
        print(f"parse warm.md {n:>7,} entries ({len(text.encode()) / 1e6:5.1f} MB): "
              f"best {best:7.1f} ms, median {median:7.1f} ms")


def bench_append(n: int = 10_000, appends: int = 100, history: bool = False) -> None:
    """``history``: capture every version as the CLI and the workbench do (``core.history``).
    CPU is the appending thread's (``thread_time``) beside the whole process's (the capture
    thread included)."""
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["LINGHUN_DATA_DIR"] = str(Path(tmp) / "data")
        home = make_home(Path(tmp), n)
        memory = Memory(home, MemoryConfig(max_bytes=10**9))
        if history:
            from linghun.core.history import capture
            capture.enable(memory.home, "cli")
        memory.entries()  # the first read parses; appends afterwards use the cached parse
        when = datetime(2027, 1, 1)
        times, cpu, process = [], [], []
        for i in range(appends):
            t0, c0, p0 = time.perf_counter(), time.thread_time(), time.process_time()
            memory.append("fact", f"基准追加 {i:05d} | benchmark append | {i}", "medium", when=when + timedelta(minutes=i))
            times.append((time.perf_counter() - t0) * 1000)
            cpu.append((time.thread_time() - c0) * 1000)
            process.append((time.process_time() - p0) * 1000)
        if history:
            capture.flush()
            capture.recorder.disable(memory.home)
        for series in (times, cpu, process):
            series.sort()
        p50, p95 = len(times) // 2, int(len(times) * 0.95)
        print(f"append at {n:,} entries ({appends} appends, history {'on' if history else 'off'}): "
              f"p50 {times[p50]:.1f} ms, p95 {times[p95]:.1f} ms (target < 30 ms); "
              f"cpu p50 {cpu[p50]:.1f} ms, p95 {cpu[p95]:.1f} ms; process cpu p50 {process[p50]:.1f} ms, "
              f"p95 {process[p95]:.1f} ms")


def bench_scrub(n: int = 10_000) -> None:
    """``core.redact.scrub`` over a round trace the size a direct-mode round writes at ``n``
    entries (every entry a JSON record, as ``core.assembler.trace`` writes them)."""
    import json

    from linghun.core.redact import scrub

    text = "".join(json.dumps({"kind": "entry", "text": line}, ensure_ascii=False) + "\n"
                   for line in warm_text(n).splitlines() for _ in range(2))
    t0, c0 = time.perf_counter(), time.process_time()
    scrub(text)
    print(f"scrub a {len(text.encode()) / 1e6:.1f} MB trace: {(time.perf_counter() - t0) * 1000:.0f} ms, "
          f"cpu {(time.process_time() - c0) * 1000:.0f} ms")


if __name__ == "__main__":
    bench_parse()
    bench_append()
    bench_append(history=True)
    bench_scrub()

"""Benchmark of ``linghun import``: 10k mem0 memories into a home of 1k entries.

Run: ``python -m tests.perf.bench_import``. Target on a 2-core machine: < 10 s (issue 44). Wall
and CPU time are printed with the machine's load beside them (it is shared: wall time follows
the load). The history's capture runs as it does for the CLI.
"""
from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path

from linghun.core.exchange import import_into
from linghun.core.history import capture
from linghun.core.memory import Memory, MemoryConfig
from tests.perf.synth import make_home

TARGET_S = 10.0


def _load() -> str:
    return "load " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def mem0_export(n: int) -> dict:
    """``n`` memories in the shape of mem0's ``get_all`` (core/formats/mem0.py)."""
    return {"results": [
        {"id": f"00000000-0000-4000-8000-{i:012d}", "memory": f"用户记忆 {i:05d}：偏好 {i % 97} 号方案，城市 {i % 31}",
         "hash": f"{i:032x}", "metadata": {"category": "preference"} if i % 10 == 0 else {},
         "created_at": f"2026-0{1 + i % 9}-{1 + i % 28:02d}T{i % 24:02d}:{i % 60:02d}:00",
         "updated_at": None, "user_id": "bench"} for i in range(n)]}


def bench_import(n: int = 10_000, existing: int = 1_000) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["LINGHUN_DATA_DIR"] = str(Path(tmp) / "data")
        home = make_home(Path(tmp), existing)
        source = Path(tmp) / "mem0.json"
        source.write_text(json.dumps(mem0_export(n), ensure_ascii=False), encoding="utf-8")
        memory = Memory(home, MemoryConfig(max_bytes=10**9))
        capture.enable(home, "cli")
        ticks = []
        t0, c0 = time.perf_counter(), time.process_time()
        result = import_into(memory, "mem0", source, progress=lambda done, total: ticks.append(done))
        wall, cpu = time.perf_counter() - t0, time.process_time() - c0
        capture.flush()
        capture.recorder.disable(home)
        print(f"import {n:,} mem0 memories into {existing:,} entries: wall {wall:.2f} s, cpu {cpu:.2f} s "
              f"(target < {TARGET_S:.0f} s); added {len(result.added):,}, skipped {len(result.skipped):,}; "
              f"{len(ticks)} progress reports; {_load()}")


if __name__ == "__main__":
    bench_import()

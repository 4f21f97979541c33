"""Benchmark of ``linghun sync``: a 10k-entry home on two machines, 100 new writes on each, synced
both ways through a bare repository.

Run: ``python -m tests.perf.bench_sync``. Target (issue 44): < 2 s of CPU each way. Each way is
one ``sync`` call: machine B sends its 100 states; machine A takes them (``--pull``: a merge
with its own 100), then sends its own and the merge (``--push``); B takes those (a fast-forward). CPU is this process's and git's (the children's
rusage), beside wall time and the machine's load (it is shared: wall time follows the load).
"""
from __future__ import annotations

import os
import resource
import subprocess
import tempfile
import time
from pathlib import Path

from linghun.core.history import capture
from linghun.core.home import MemoryHome
from linghun.core.memory import Memory, MemoryConfig
from linghun.core.sync.engine import sync
from tests.perf.synth import make_home

TARGET_CPU_S = 2.0


def _load() -> str:
    return "load " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def _cpu() -> float:
    return time.process_time() + _git_cpu()


def _git_cpu() -> float:
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return children.ru_utime + children.ru_stime


def _on(data: Path) -> None:
    os.environ["LINGHUN_DATA_DIR"] = str(data)


def _writes(home: MemoryHome, tag: str, n: int) -> None:
    memory = Memory(home, MemoryConfig(max_bytes=10**9))
    for i in range(n):
        memory.append("fact", f"{tag} 新写入 {i} | 值 | {i * 7919 % 10007}", "high")
    capture.flush()


def _timed(label: str, home: MemoryHome, data: Path, **how) -> None:
    _on(data)
    t0, c0, g0 = time.perf_counter(), _cpu(), _git_cpu()
    result = sync(home, **how)
    wall, cpu, git = time.perf_counter() - t0, _cpu() - c0, _git_cpu() - g0
    print(f"{label}: wall {wall:.2f} s, cpu {cpu:.2f} s, git's {git:.2f} s of it (target < {TARGET_CPU_S:.0f} s); "
          f"{result.summary()}; {_load()}")


def bench_sync(n: int = 10_000, writes: int = 100) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        remote = root / "remote.git"
        subprocess.run(["git", "init", "--bare", "-q", "-b", "main", str(remote)], check=True)
        a_data, b_data = root / "a-data", root / "b-data"
        _on(a_data)
        a = make_home(root / "a", n)
        sync(a, str(remote))
        _on(b_data)
        b = MemoryHome.resolve(root / "b")
        sync(b, str(remote))
        _on(a_data)
        _writes(a, "A", writes)
        _on(b_data)
        _writes(b, "B", writes)
        _timed(f"B sends its {writes} writes", b, b_data)
        _timed(f"A takes B's {writes} writes (a merge with its own {writes})", a, a_data, push=False)
        _timed(f"A sends its {writes} writes and the merge", a, a_data, pull=False)
        _timed("B takes them (a fast-forward)", b, b_data)
        assert a.warm.read_bytes() == b.warm.read_bytes()
        for home in (a, b):
            capture.recorder.disable(home)


if __name__ == "__main__":
    bench_sync()

"""Benchmark of the home's history (core/history), on the paths the application takes.

Run: ``python -m tests.perf.bench_history``. Prints wall and CPU time. Targets: capture < 20 ms per
change at 600 and 10k warm entries (on the capture thread, never the GUI's); opening the home
as of a past moment < 1 s at 10k entries; the history stays small.

- capture, own write: ``Memory.append`` with capture enabled; the writer's thread only queues,
  the capture thread records (``HomeHistory.record``); both timed.
- capture, watcher: the agent rewrote warm.md; ``HomeHistory.scan`` finds and records it.
- size: 1,000 changes of a 600-entry warm.md; a year of daily journal (4 writes a day) with a
  daily warm.md change; after ``pack`` (deltas).
- open as of a past moment: ``materialize`` of a state among 200 of a 10k-entry home, then
  ``Memory.entries()`` on it (what the time slider does).
"""
from __future__ import annotations

import os
import statistics
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path

from linghun.core.history import capture
from linghun.core.history.store import HomeHistory
from linghun.core.memory import Memory, MemoryConfig
from tests.perf.synth import make_home


def _timed(fn):
    w, c = time.perf_counter(), time.process_time()
    out = fn()
    return out, (time.perf_counter() - w) * 1000, (time.process_time() - c) * 1000


def _p50(values):
    return statistics.median(values)


def bench_capture(n: int, changes: int = 30) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["LINGHUN_DATA_DIR"] = str(Path(tmp) / "data")
        home = make_home(Path(tmp) / "dsh", n)
        history = HomeHistory(home)
        history.scan("agent")
        memory = Memory(home, MemoryConfig(max_bytes=10**9))
        memory.entries()
        # the agent rewrites warm.md; the watcher's scan records it
        scan_wall, scan_cpu = [], []
        text = home.warm.read_text(encoding="utf-8")
        for i in range(changes):
            text += f"\n## 2027-01-01 10:{i:02d} [fact] high\n\n代理写入 | 第 {i} 次 | {i} | #{i}\n"
            home.warm.write_text(text, encoding="utf-8")
            _, w, c = _timed(lambda: history.scan("agent"))
            scan_wall.append(w)
            scan_cpu.append(c)
        # our own write: the writer's thread queues, the capture thread records
        capture.enable(home, "cli")
        hook_wall, record_wall, record_cpu = [], [], []
        original_record = HomeHistory.record

        def timed_record(self, *args, **kwargs):
            _, w, c = _timed(lambda: original_record(self, *args, **kwargs))
            record_wall.append(w)
            record_cpu.append(c)

        HomeHistory.record = timed_record
        try:
            for i in range(changes):
                memory.append("fact", f"基准追加 {i:05d} | capture | {i}", "medium",
                              when=datetime(2027, 2, 1) + timedelta(minutes=i))
                capture.flush()
                # what atomic_write's observer costs the writer's thread (it only queues)
                data = home.warm.read_bytes()
                _, w, _ = _timed(lambda: capture.recorder._on_write(home.warm, data))
                hook_wall.append(w)
                capture.flush()
        finally:
            HomeHistory.record = original_record
            capture.recorder.disable(home)
        print(f"capture at {n:>6,} entries ({home.warm.stat().st_size / 1e6:4.1f} MB warm.md):")
        print(f"  watcher scan + record : p50 wall {_p50(scan_wall):6.1f} ms, CPU {_p50(scan_cpu):6.1f} ms")
        print(f"  own write, record     : p50 wall {_p50(record_wall):6.1f} ms, CPU {_p50(record_cpu):6.1f} ms "
              f"(capture thread)")
        print(f"  own write, the writer's thread (queueing only): p50 {_p50(hook_wall) * 1000:6.0f} µs")


def bench_size() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["LINGHUN_DATA_DIR"] = str(Path(tmp) / "data")
        home = make_home(Path(tmp) / "dsh", 600)
        history = HomeHistory(home)
        lines = home.warm.read_text(encoding="utf-8").split("\n")
        start = datetime(2026, 1, 1).astimezone()
        _, w, c = _timed(lambda: [history.record(
            {"memory/warm.md": "\n".join(lines[: 40 + (i % 3000)] + [f"<!-- change {i} -->"] + lines[40 + (i % 3000):]).encode()},
            "agent", start + timedelta(minutes=i)) for i in range(1000)])
        loose = history.size_bytes()
        _, pw, pc = _timed(history.pack)
        print(f"1,000 changes of a 600-entry warm.md: {loose / 2**20:5.1f} MiB loose "
              f"({w:.0f} ms wall, {c:.0f} ms CPU), {history.size_bytes() / 2**20:5.2f} MiB packed "
              f"(pack {pw:.0f} ms wall, {pc:.0f} ms CPU)")

    with tempfile.TemporaryDirectory() as tmp:
        os.environ["LINGHUN_DATA_DIR"] = str(Path(tmp) / "data")
        home = make_home(Path(tmp) / "dsh", 600)
        history = HomeHistory(home)
        warm = home.warm.read_text(encoding="utf-8")
        start = datetime(2026, 1, 1, 9).astimezone()
        t0, c0 = time.perf_counter(), time.process_time()
        for day in range(365):
            when = start + timedelta(days=day)
            name = f"memory/journal/{when:%Y-%m-%d}.md"
            journal = ""
            for turn in range(4):
                journal += (f"\n{when:%Y-%m-%d} {9 + turn:02d}:00:00\n用户：第 {day} 天第 {turn} 轮，订单服务的端口和发布计划\n"
                            f"助手：已记录，staging 先跑迁移，回归测试通过后发布。\n")
                history.record({name: journal.encode()}, "agent", when + timedelta(hours=turn))
            warm += f"\n## {when:%Y-%m-%d} 18:00 [event] medium\n\n用户 | 复盘 | 第 {day} 天 | 发布 | 正常\n"
            history.record({"memory/warm.md": warm.encode()}, "agent", when + timedelta(hours=9))
        w, c = (time.perf_counter() - t0) * 1000, (time.process_time() - c0) * 1000
        history.pack()
        print(f"a year of daily journal (1,460 writes) + a daily warm.md change: "
              f"{history.size_bytes() / 2**20:5.2f} MiB packed ({w / 1825:.1f} ms per capture wall, "
              f"{c / 1825:.1f} ms CPU)")


def bench_open_past(n: int = 10_000, states: int = 200) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["LINGHUN_DATA_DIR"] = str(Path(tmp) / "data")
        home = make_home(Path(tmp) / "dsh", n)
        history = HomeHistory(home)
        start = datetime(2026, 6, 1).astimezone()
        text = home.warm.read_text(encoding="utf-8")
        for i in range(states):
            text += f"\n## 2026-06-02 10:00 [fact] high\n\n状态 | {i} | {i} | #{i}\n"
            history.record({"memory/warm.md": text.encode(), f"memory/journal/2026-06-{1 + i % 28:02d}.md":
                            f"第 {i} 轮\n".encode()}, "agent", start + timedelta(hours=i))
        history.pack()
        moment = start + timedelta(hours=states // 2, minutes=30)

        def open_then():
            past = history.materialize(moment, Path(tmp) / "then")
            return len(Memory(past).entries())

        count, w, c = _timed(open_then)
        print(f"open a {n:,}-entry home as of a past moment (state {states // 2} of {states}): "
              f"{w:.0f} ms wall, {c:.0f} ms CPU ({count:,} entries)")


if __name__ == "__main__":
    bench_capture(600)
    bench_capture(10_000)
    bench_size()
    bench_open_past()

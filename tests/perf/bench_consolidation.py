"""Benchmark of consolidation on the paths the application takes.

Run: ``python -m tests.perf.bench_consolidation [--sizes 1000,10000,20000]``. For each size a fresh
home holds that many warm entries (every kind and confidence) over non-empty ontologies, rules,
cold summary and a same-day episodic archive, and three things are timed (wall and CPU):

- the workbench's preview (``preview_consolidation``, the task the Ontology pane runs) and the
  diff it shows;
- ``Memory.consolidate`` in process (what the agent tools and the MCP server run);
- ``linghun consolidate`` as a separate process (the CLI), CPU of the child included.

Then an agent append from another process is timed while a consolidation of the same size runs
(a writer must not wait for the whole consolidation). Target: 10k entries < 5 s, preview included.
"""
from __future__ import annotations

import argparse
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

from linghun.core.events import EventBus
from linghun.core.home import MemoryHome
from linghun.core.memory import Memory
from tests.perf.synth import make_home

REPO = Path(__file__).resolve().parents[2]
WHEN = datetime(2027, 3, 5, 18, 30)


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


class _Timer:
    def __enter__(self):
        self.wall0, self.cpu0, self.child0 = time.perf_counter(), time.process_time(), _children_cpu()
        return self

    def __exit__(self, *exc):
        self.wall = time.perf_counter() - self.wall0
        self.cpu = time.process_time() - self.cpu0 + _children_cpu() - self.child0

    def line(self, what: str) -> str:
        return f"  {what:<38} wall {self.wall:7.2f} s   CPU {self.cpu:7.2f} s"


def seed_home(dsh: Path, n: int) -> MemoryHome:
    """``n`` warm entries over long-term files that already hold a previous consolidation."""
    home = make_home(dsh, n)
    memory = home.memory
    (memory / "memory_ontology.md").write_text("## 事件时间线\n- 2026-01-02 10:00 用户 | 启动 | 项目\n", encoding="utf-8")
    (memory / "knowledge_ontology.md").write_text("## 精确知识\n- 订单服务 | 端口 | 8080 | #1（2026-01-02）\n",
                                                 encoding="utf-8")
    (memory / "rules.md").write_text("## 经验规则\n- 发布前先跑回归测试（2026-01-02）\n", encoding="utf-8")
    (memory / "cold.md").write_text("## 2026-01-02 沉淀（1 条）\n- 项目启动\n（全文见 episodic/2026-01-02.md）\n",
                                    encoding="utf-8")
    (home.episodic_file(WHEN.date())).write_text("\n## 09:00\n\n## 2027-03-05 09:00 [fact] medium\n早上的条目\n",
                                                 encoding="utf-8")
    return home


def bench_size(n: int, cli: bool, append_during: bool) -> None:
    from linghun.workbench.panes.ontology.preview import preview_consolidation
    from linghun.workbench.tasks import TaskState

    print(f"consolidation of {n:,} warm entries")
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp) / "base"
        seed_home(base, n)

        def fresh(name: str) -> Path:
            dest = Path(tmp) / name
            shutil.copytree(base, dest)
            return dest

        home = MemoryHome.resolve(fresh("preview"))
        with _Timer() as t:
            change = preview_consolidation(TaskState(), home, WHEN)
            diff = change.diff()
        print(t.line(f"preview + diff ({len(change.changed())} files, {len(diff) // 1024} KiB)"))

        home = MemoryHome.resolve(fresh("inproc"))
        with _Timer() as t:
            result = Memory(home, events=EventBus()).consolidate(WHEN)
        print(t.line(f"Memory.consolidate ({result.events} ev, {result.rules} rules)"))

        if cli:
            dsh = fresh("cli")
            with _Timer() as t:
                subprocess.run([sys.executable, "-m", "linghun.core", "consolidate", "--home", str(dsh)],
                               cwd=REPO, check=True, capture_output=True)
            print(t.line("linghun consolidate (process)"))

        if append_during:
            print(append_during_consolidation(MemoryHome.resolve(fresh("concurrent"))))
            print(append_during_consolidation(MemoryHome.resolve(fresh("alone")), alone=True))


def append_during_consolidation(home: MemoryHome, alone: bool = False) -> str:
    """Two processes, both started and imported first: the consolidation is told to go, then the
    agent's append; the append's own wall time is what the agent waits. ``alone``: the same
    append with no consolidation, for comparison (a fresh process parses warm.md first)."""
    from tests.reliability.crashkit import READY_THEN

    def start(op: str) -> subprocess.Popen:
        proc = subprocess.Popen([sys.executable, "-c", READY_THEN, str(home.dsh_home), op], cwd=REPO, text=True,
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        assert proc.stdout.readline().strip() == "ready"
        return proc

    if alone:
        agent = start("append")
        agent.stdin.write("go\n")
        agent.stdin.flush()
        out, err = agent.communicate(timeout=3600)
        return f"  the same append alone:  exit {agent.returncode} after {float(out.split()[-1]):.2f} s wall"
    consolidation, agent = start("consolidate"), start("append")
    consolidation.stdin.write("go\n")
    consolidation.stdin.flush()
    time.sleep(0.05)
    agent.stdin.write("go\n")
    agent.stdin.flush()
    agent_out, agent_err = agent.communicate(timeout=3600)
    running = consolidation.poll() is None
    cons_out, cons_err = consolidation.communicate(timeout=3600)
    if agent.returncode or consolidation.returncode:
        return f"  agent append during it: FAILED (exit {agent.returncode}): {agent_err.strip()[-300:]} {cons_err.strip()[-300:]}"
    return (f"  agent append during it: exit 0 after {float(agent_out.split()[-1]):.2f} s wall "
            f"(consolidation took {float(cons_out.split()[-1]):.2f} s wall, "
            f"{'still running' if running else 'finished'} when the append returned)")


def main(argv=None) -> None:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="1000,10000,20000")
    parser.add_argument("--no-cli", action="store_true", help="skip the separate-process runs")
    parser.add_argument("--no-append", action="store_true", help="skip the append during consolidation")
    args = parser.parse_args(argv)
    for n in (int(s) for s in args.sizes.split(",")):
        bench_size(n, not args.no_cli, not args.no_append)


if __name__ == "__main__":
    main()

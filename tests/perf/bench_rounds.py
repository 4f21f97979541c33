"""Rounds the way the workbench runs them: first round after opening a home, a round after one
append, a gap re-run, the first map, and reopening a big home (issue targets in brackets).

Run: ``.venv/bin/python -m tests.perf.bench_rounds [--entries 10000] [--big 100000] [--demo]``

Every round goes through the Rounds pane's own task (``workbench.panes.rounds.background.run_round``:
a new ``Assembler`` and ``Memory`` per round, as the pane creates them) and the Gaps pane's re-run
task; appends go through ``Memory.append`` as the Entries pane makes them. Each line prints wall
time and the process's CPU time for the same span (the machine's load moves the first, barely the
second). ``--reopen`` runs in a fresh process: open a home and search it once (the index from the
token cache of an earlier open).
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import contextmanager
from datetime import datetime, timedelta
from pathlib import Path


@contextmanager
def timed(label: str, target: str = "", out: dict | None = None):
    w0, c0 = time.perf_counter(), time.process_time()
    yield
    wall, cpu = (time.perf_counter() - w0) * 1000, (time.process_time() - c0) * 1000
    print(f"  {label:<52} wall {wall:8.1f} ms   cpu {cpu:8.1f} ms   {target}", flush=True)
    if out is not None:
        out[label] = (wall, cpu)


def _round(home, question: str):
    from linghun.core.assembler.config import AssemblerConfig
    from linghun.core.assembler.debounce import Debouncer
    from linghun.workbench.panes.rounds.background import run_round
    from linghun.workbench.tasks import TaskState

    loaded = run_round(TaskState(), home, question, config=AssemblerConfig({"debounceMs": 0}), llm=None,
                       debouncer=Debouncer(), dry_run=False, cancel=threading.Event())
    assert loaded["result"]["status"] == "ok", loaded["result"]
    return loaded


def _gap_rerun(home, question: str):
    from linghun.workbench.panes.gaps.pane import rerun_round
    from linghun.workbench.tasks import TaskState

    return rerun_round(TaskState(), home, question)


def _map(home):
    from linghun.workbench.panes.map.pane import build_snapshot
    from linghun.workbench.tasks import TaskState

    return build_snapshot(TaskState(), home)


def bench_home(n: int, appends: int = 3) -> dict:
    from linghun.core.memory import Memory, MemoryConfig
    from tests.perf.synth import make_home

    out: dict = {}
    # the open window has its panes' modules loaded: the first round does not import them
    import linghun.core.ontology  # noqa: F401
    import linghun.workbench.panes.gaps.pane  # noqa: F401
    import linghun.workbench.panes.rounds.background  # noqa: F401

    with tempfile.TemporaryDirectory(prefix="bench-rounds-") as tmp:
        home = make_home(Path(tmp) / "dsh", n)
        print(f"{n:,} entries", flush=True)
        with timed("open: warm-up (the workbench runs it in the background)", "", out):
            from linghun.core.assembler.retriever import warm_up

            warm_up(Memory(home, MemoryConfig(max_bytes=10**10)))
        with timed("first round after opening", "[< 1 s at 10k once open]", out):
            _round(home, "订单服务 orders 配置现在是多少")
        with timed("second round, nothing changed", "", out):
            _round(home, "缓存 redis 的配置")
        memory = Memory(home, MemoryConfig(max_bytes=10**10))
        when = datetime(2027, 1, 1)
        for i in range(appends):
            memory.append("fact", f"基准追加 {i} | benchmark append | {i}", "medium", when=when + timedelta(minutes=i))
            with timed(f"round after one append ({i + 1})", "[< 150 ms at 10k, < 500 ms at 100k]", out):
                _round(home, "基准追加 benchmark 配置现在是多少")  # knowledge_update: BM25 over every entry
        with timed("gap re-run", "", out):
            _gap_rerun(home, "支付网关 payments 的来龙去脉")
    return out


def bench_demo() -> None:
    import shutil

    from linghun.core.home import MemoryHome
    from linghun.resources import DEMO_HOME_DIR

    with tempfile.TemporaryDirectory(prefix="bench-demo-") as tmp:
        shutil.copytree(DEMO_HOME_DIR, Path(tmp) / "dsh")
        home = MemoryHome.resolve(Path(tmp) / "dsh")
        print("demo home", flush=True)
        with timed("first round after opening", "[< 1.5 s]"):
            _round(home, "订单服务现在跑在哪个端口？")
        with timed("first map", "[< 1 s]"):
            _map(home)
        with timed("gap re-run", "[< 1 s]"):
            _gap_rerun(home, "我们上次的家庭旅行去了哪里？")


def reopen(dsh: str) -> None:
    """In a fresh process: open the home and search it once (what 'searchable' means)."""
    from linghun.core.assembler.retriever import warm_up
    from linghun.core.home import MemoryHome
    from linghun.core.memory import Memory

    home = MemoryHome.resolve(Path(dsh))
    with timed("reopen: parse + index ready + one search", "[< 5 s at 100k]"):
        assert warm_up(Memory(home)) > 0


def bench_reopen(n: int) -> None:
    from tests.perf.synth import make_home

    with tempfile.TemporaryDirectory(prefix="bench-reopen-") as tmp:
        home = make_home(Path(tmp) / "dsh", n)
        env = {**os.environ, "LINGHUN_CACHE_DIR": str(Path(tmp) / "cache")}
        print(f"{n:,} entries, fresh processes sharing a cache folder", flush=True)
        for label in ("first open (cold cache)", "reopen"):
            print(f" {label}", flush=True)
            subprocess.run([sys.executable, "-m", "tests.perf.bench_rounds", "--reopen-child", str(home.dsh_home)],
                           env=env, check=True)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--entries", type=int, default=10_000)
    ap.add_argument("--big", type=int, default=0, help="also a round after an append at this size")
    ap.add_argument("--demo", action="store_true")
    ap.add_argument("--reopen", type=int, default=0, help="reopen a home of this size in fresh processes")
    ap.add_argument("--reopen-child", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    os.environ.setdefault("LINGHUN_CACHE_DIR", tempfile.mkdtemp(prefix="bench-cache-"))
    if args.reopen_child:
        reopen(args.reopen_child)
        return
    if args.demo:
        bench_demo()
    if args.entries:
        bench_home(args.entries)
    if args.big:
        bench_home(args.big, appends=2)
    if args.reopen:
        bench_reopen(args.reopen)


if __name__ == "__main__":
    main()

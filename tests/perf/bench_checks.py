"""Benchmark: 100 memory checks on a 10k-entry home (target < 2 s CPU for the run).

Run: ``.venv/bin/python -m tests.perf.bench_checks [entries] [checks]``

Each check is made as a person pins one: the entries a dry round delivers for its question. The
run is then timed as the workbench runs it after a change of the home: one ``CheckRunner`` (one
searcher, one parse, the question-independent parts composed once), a dry round and the
comparison per check. The search index is built before (the workbench warms it up when a home
opens); its cold start is printed apart. Wall and process CPU are printed.
"""
from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from linghun.core.checks.make import from_question
from linghun.core.checks.run import run_checks
from tests.perf.bench_assembler import QUESTIONS
from tests.perf.synth import make_home

_TOPICS = ["订单服务", "支付网关", "数据库迁移", "回归测试", "发布流程", "缓存", "监控告警", "部署脚本", "接口超时",
           "日志采集", "权限系统", "值班"]
_EN = ["orders", "payments", "postgres", "redis", "deploy", "latency", "release", "staging", "grafana", "rollback"]


def questions(count: int) -> list[str]:
    out = list(QUESTIONS)
    i = 0
    while len(out) < count:
        out.append(f"{_TOPICS[i % len(_TOPICS)]} {_EN[(i // len(_TOPICS)) % len(_EN)]} 配置是多少")
        i += 1
    return out[:count]


def main(entries: int = 10_000, count: int = 100) -> dict[str, float]:
    with tempfile.TemporaryDirectory(prefix="bench-checks-") as tmp:
        home = make_home(Path(tmp) / "dsh", entries)
        t0, c0 = time.perf_counter(), time.process_time()
        checks = [from_question(home, q) for q in questions(count)]
        made_wall, made_cpu = time.perf_counter() - t0, time.process_time() - c0
        t0, c0 = time.perf_counter(), time.process_time()
        report = run_checks(home, checks, trigger="bench")
        wall, cpu = time.perf_counter() - t0, time.process_time() - c0
        t0, c0 = time.perf_counter(), time.process_time()
        again = run_checks(home, checks, trigger="bench")
        wall2, cpu2 = time.perf_counter() - t0, time.process_time() - c0
    out = {"entries": entries, "checks": count, "made_s_wall": made_wall, "made_s_cpu": made_cpu,
           "run_s_wall": wall, "run_s_cpu": cpu, "again_s_wall": wall2, "again_s_cpu": cpu2,
           "failed": len(report.failed) + len(again.failed)}
    print(f"{count} checks on {entries} entries (made in {made_wall:.2f} s wall / {made_cpu:.2f} s CPU, "
          "index cold start included)")
    print(f"  run:   {wall:.2f} s wall, {cpu:.2f} s CPU ({cpu / count * 1000:.1f} ms CPU a check)")
    print(f"  again: {wall2:.2f} s wall, {cpu2:.2f} s CPU")
    print(f"  failed: {out['failed']} (expected 0: nothing changed)")
    return out


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))

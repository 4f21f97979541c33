"""Synthetic bilingual memory homes for benchmarks (deterministic for a given size and seed)."""
from __future__ import annotations

import random
from datetime import datetime, timedelta
from pathlib import Path

from linghun.core.formats.warm import new_entry
from linghun.core.home import MemoryHome

_ZH = ["订单服务", "支付网关", "数据库迁移", "回归测试", "发布流程", "缓存", "监控告警", "用户偏好", "预算",
       "家庭旅行", "健身计划", "读书会", "部署脚本", "接口超时", "日志采集", "权限系统", "值班", "季度目标"]
_EN = ["orders", "payments", "postgres", "redis", "deploy", "latency", "budget", "release", "staging",
       "kubernetes", "grafana", "pnpm", "typescript", "golang", "backup", "rollback", "oncall", "roadmap"]
_KINDS = ["event", "fact", "rule", "fact", "event", "decision", "preference"]
_CONF = ["high", "medium", "low", "high", "medium", "wrong"]


def warm_text(n: int, seed: int = 7) -> str:
    """``n`` warm entries of every kind and confidence, in the upstream format."""
    rng = random.Random(seed)
    start = datetime(2025, 1, 1, 8, 0)
    blocks = []
    for i in range(n):
        when = start + timedelta(minutes=17 * i)
        kind = _KINDS[i % len(_KINDS)]
        zh, en = rng.choice(_ZH), rng.choice(_EN)
        if kind == "fact":
            body = f"{zh} | {en} 配置 | {rng.randint(1, 9999)} | #{i}"
        elif kind == "event":
            body = f"用户 | 调整 | {zh} | {en} | 第 {i} 次变更，耗时 {rng.randint(1, 90)} 分钟"
        else:
            body = f"{zh}相关操作前先检查 {en} 的状态（规则 {i}）。"
        stamp = when.strftime("%Y-%m-%d %H:%M")
        blocks.append(new_entry(stamp, kind, _CONF[i % len(_CONF)], body).raw)
    return "\n".join(blocks)


def make_home(dsh_home: Path, n: int, seed: int = 7) -> MemoryHome:
    """A `$DSH_HOME` with ``n`` warm entries (and the folders of the layout)."""
    home = MemoryHome.resolve(dsh_home)
    home.ensure()
    home.warm.write_text(warm_text(n, seed), encoding="utf-8")
    return home

"""Goal system benchmark: linghun_goal_get with 1,000 goals (target p95 < 5 ms), the index
build, and linghun_goal_update at 1,000 goals.

Run: .venv/bin/python -m tests.perf.bench_goals
"""
from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path

from linghun.core.fsio import write_json
from linghun.core.goals.lexicon import builtin_lexicon
from linghun.core.goals.merge import GoalSet, Signal
from linghun.core.goals.model import GoalFile
from linghun.core.goals.store import Goals
from linghun.core.home import MemoryHome

N_GOALS = 1000
N_QUERIES = 300

EN_VERBS = ["want to", "plan to", "hope to", "am going to", "would like to"]
ZH_VERBS = ["想", "打算", "计划", "希望"]
EN_SITUATIONS = [
    "We just booked a two-week family trip to Hawaii, it is going to be pricey.",
    "My neighbour told me a juicy rumour about the new couple down the street.",
    "I have a job interview on Monday and I am nervous.",
    "The doctor says I should watch my blood sugar.",
    "My daughter asked about college again at dinner.",
    "There is a charity run in the park this weekend.",
]
ZH_SITUATIONS = ["我们一家刚订了去三亚的家庭旅行，花费可不少。", "隔壁邻居跟我讲了新搬来那家人的谣言。",
                 "周一有个面试，有点紧张。", "医生让我注意控糖。", "女儿吃饭时又问起上大学的事。"]


def _percentile(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def make_goals(rng: random.Random) -> GoalFile:
    """1,000 distinct goals across domains and both languages (built with the merge rules)."""
    lex = builtin_lexicon()
    domains = list(lex.domains)
    gs = GoalSet(lexicon=lex)
    i = -1
    while len(gs.goals) < N_GOALS:  # a statement that merges into an earlier goal adds none
        i += 1
        d = lex.domains[domains[i % len(domains)]]
        if i % 3 == 2:
            # distinct topics: one lexicon word plus words no other goal has
            text = f"我{rng.choice(ZH_VERBS)}{rng.choice(d.chinese)}，代号 zeta{i} kappa{i} omega{i}"
        else:
            text = f"I {rng.choice(EN_VERBS)} {rng.choice(sorted(d.single.values()))} zeta{i} kappa{i} omega{i}"
        state = "active" if i % 5 else rng.choice(["paused", "achieved", "abandoned"])
        r = gs.apply(Signal("new", text, priority=rng.choice(["high", "medium", "low"])),
                     when="2026-01-01 09:00:00")
        if state != "active":
            gs.set_state(r.goal.id, state, when="2026-01-02 09:00:00")
    return gs.file


def main() -> None:
    rng = random.Random(7)
    with tempfile.TemporaryDirectory() as tmp:
        home = MemoryHome.resolve(Path(tmp))
        home.ensure()
        t = time.perf_counter()
        file = make_goals(rng)
        build_set = time.perf_counter() - t
        write_json(home.goals, file.to_json())
        print(f"goals: {len(file.goals)} (built through the merge rules in {build_set:.1f} s); "
              f"goals.json {home.goals.stat().st_size / 1024:.0f} KiB")

        goals = Goals(home)
        goals.goal_get("warm-up")  # jieba and the lexicon are loaded once per process
        goals = Goals(home)
        t = time.perf_counter()
        goals.index()
        print(f"index build (read goals.json + tokenise 1,000 goals): {(time.perf_counter() - t) * 1000:.1f} ms")

        situations = EN_SITUATIONS + ZH_SITUATIONS
        queries = [f"{rng.choice(situations)} ({i})" for i in range(N_QUERIES)]
        times = []
        for q in queries:
            t = time.perf_counter()
            goals.goal_get(q, k=5)
            times.append((time.perf_counter() - t) * 1000)
        print(f"goal_get k=5 over {N_GOALS} goals, {N_QUERIES} situations: p50 {statistics.median(times):.2f} ms, "
              f"p95 {_percentile(times, 95):.2f} ms, max {max(times):.2f} ms  (target p95 < 5 ms)")

        times = []
        for i in range(20):
            t = time.perf_counter()
            goals.goal_update("progress", f"more on zeta{i * 11} kappa{i * 11}")
            times.append((time.perf_counter() - t) * 1000)
        print(f"goal_update at {N_GOALS} goals (read, merge, atomic write): p50 {statistics.median(times):.1f} ms, "
              f"p95 {_percentile(times, 95):.1f} ms")
        t = time.perf_counter()
        goals.goal_get("a family trip", k=5)
        print(f"goal_get right after a write (index rebuilt): {(time.perf_counter() - t) * 1000:.1f} ms")


if __name__ == "__main__":
    main()

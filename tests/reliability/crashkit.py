"""Shared pieces of the crash-injection and I/O-error tests of multi-file operations.

A *write step* is every call that changes what is on disk for good: ``os.fsync`` (a file's bytes
are durable), ``os.replace`` / ``os.rename`` (a file takes its new content), ``os.unlink`` and
``os.rmdir``. The fault is injected by wrapping those functions of the ``os`` module, so it needs
nothing from the code under test: a process is ended with ``os._exit`` just before its k-th step
(``DRIVER``, run as a child process), or the k-th step raises an ``OSError`` (:func:`failing_at`).
"""
from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
from collections import Counter
from datetime import datetime
from pathlib import Path

from linghun.core.formats import episodic as episodic_format
from linghun.core.formats import nodes as nodes_format
from linghun.core.formats.warm import parse_warm
from linghun.core.home import MemoryHome
from tests.perf.synth import warm_text

REPO = Path(__file__).resolve().parents[2]
WHEN = datetime(2027, 3, 5, 18, 30)
STEP_FUNCTIONS = ("fsync", "replace", "rename", "unlink", "rmdir")
#: a question the upstream fixture home lacks, so its round writes every file a round can (a gap too)
ROUND_QUESTION = "量子退火算法的调度参数是多少"

#: the child process: installs the step counter, then runs one operation on the home
DRIVER = r"""
import os, sys
from datetime import datetime
from linghun.core.home import MemoryHome
from linghun.core.memory import Memory

home_dir, op, crash_at = sys.argv[1], sys.argv[2], int(sys.argv[3])
count = [0]

def wrap(name):
    real = getattr(os, name)
    def step(*args, **kwargs):
        count[0] += 1
        if count[0] == crash_at:
            os._exit(70)
        return real(*args, **kwargs)
    setattr(os, name, step)

for name in %r:
    wrap(name)
memory = Memory(MemoryHome.resolve(home_dir))  # opening recovers what a crash left (op "open")
when = datetime(2027, 3, 5, 18, 30)
if op == "consolidate":
    memory.consolidate(when)
elif op == "append":
    memory.append("event", "用户 | 记录 | 触发沉淀的新条目 | | 写满之后追加", "high", when=when)
elif op == "round":  # an offline assembler round: its scribe writes the team files and the bundle
    from datetime import timezone
    from linghun.core.assembler.round import Assembler
    Assembler(memory.home).run(ROUND_QUESTION, now=when.replace(tzinfo=timezone.utc))
elif op == "open":
    pass
""".replace("ROUND_QUESTION", repr(ROUND_QUESTION)) % (STEP_FUNCTIONS,)


#: imports everything, says "ready", waits for a line on stdin, then runs one operation
READY_THEN = r"""
import sys, time
from datetime import datetime
from linghun.core.home import MemoryHome
from linghun.core.memory import Memory
memory = Memory(MemoryHome.resolve(sys.argv[1]))
print("ready", flush=True)
sys.stdin.readline()
t0 = time.perf_counter()
if sys.argv[2] == "consolidate":
    memory.consolidate(datetime(2027, 3, 5, 18, 30))
else:
    memory.append("event", "用户 | 记录 | 沉淀期间的写入 | | 代理在沉淀进行中追加", "high")
print(f"done {time.perf_counter() - t0:.3f}", flush=True)
"""


def build_home(dsh: Path, n: int = 36, *, max_bytes: int | None = None) -> MemoryHome:
    """A home with ``n`` warm entries of every kind and confidence over existing long-term files."""
    home = MemoryHome.resolve(dsh)
    home.ensure()
    home.warm.write_text("# 暖记忆\n\n" + warm_text(n), encoding="utf-8")
    home.memory_ontology.write_text("## 事件时间线\n- 2027-01-02 10:00 用户 | 启动 | 项目\n", encoding="utf-8")
    home.knowledge_ontology.write_text("## 精确知识\n- 网关 | 端口 | 443 | #0（2027-01-02）\n", encoding="utf-8")
    home.rules.write_text("## 经验规则\n- 操作模块2前先检查状态（规则 2）。（2027-01-02）\n", encoding="utf-8")
    home.cold.write_text("## 2027-01-02 沉淀（1 条）\n- 项目启动\n（全文见 episodic/2027-01-02.md）\n", encoding="utf-8")
    home.episodic_file(WHEN.date()).write_text("\n## 09:00\n\n## 2027-03-05 08:00 [fact] medium\n早上的条目\n",
                                               encoding="utf-8")
    if max_bytes:
        home.config.write_text('{"memory": {"maxBytes": %d}}\n' % max_bytes, encoding="utf-8")
    return home


def snapshot(home: MemoryHome) -> dict[str, bytes]:
    """Every file of the home (the lock file aside) by relative path."""
    return {str(p.relative_to(home.root)): p.read_bytes() for p in sorted(home.root.rglob("*"))
            if p.is_file() and p.name != ".linghun.lock"}


def copy_home(src: Path, dest: Path) -> MemoryHome:
    shutil.copytree(src, dest)
    return MemoryHome.resolve(dest)


def run_driver(home: MemoryHome, op: str, crash_at: int, timeout: float = 300) -> int:
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    done = subprocess.run([sys.executable, "-c", DRIVER, str(home.dsh_home), op, str(crash_at)],
                          cwd=REPO, env=env, capture_output=True, text=True, timeout=timeout)
    if done.returncode not in (0, 70):
        raise AssertionError(f"the driver failed (exit {done.returncode}):\n{done.stderr}")
    return done.returncode


@contextlib.contextmanager
def failing_at(k: int, error: int):
    """In this process, the k-th write step raises ``OSError(error)``; yields a dict whose
    ``fired`` says whether it did."""
    state = {"count": 0, "fired": False}
    reals = {name: getattr(os, name) for name in STEP_FUNCTIONS}

    def wrap(name):
        def step(*args, **kwargs):
            state["count"] += 1
            if state["count"] == k:
                state["fired"] = True
                raise OSError(error, os.strerror(error), str(args[0]) if args else None)
            return reals[name](*args, **kwargs)
        return step

    for name in STEP_FUNCTIONS:
        setattr(os, name, wrap(name))
    try:
        yield state
    finally:
        for name, real in reals.items():
            setattr(os, name, real)


def entry_keys(text: str) -> list[tuple[str, str]]:
    return [(e.stamp, e.body) for e in parse_warm(text).entries]


def audit(home: MemoryHome, originals: list[tuple[str, str]]) -> dict[str, int]:
    """Counts of what would be wrong with the home: entries lost, entries present twice (in warm
    and archived, or archived twice), duplicated ontology lines and rules, extra cold sections."""
    warm = entry_keys(home.warm.read_text(encoding="utf-8")) if home.warm.exists() else []
    archived = []
    for paths in home.episodic_days().values():
        for path in paths:
            for section in episodic_format.parse_episodic(path.read_text(encoding="utf-8")).sections:
                archived += entry_keys(section.text)
    seen = Counter(warm) + Counter(archived)
    lost = sum(1 for k in originals if seen[k] == 0)
    twice = sum(1 for k in originals if seen[k] > 1)
    dup_lines = 0
    for path in (home.memory_ontology, home.knowledge_ontology):
        lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("- ")]
        dup_lines += len(lines) - len(set(lines))
    rules = [r for _, r, _ in nodes_format.rules_in(nodes_format.parse_nodes(home.rules.read_text(encoding="utf-8")))]
    dup_lines += len(rules) - len(set(rules))
    cold_sections = home.cold.read_text(encoding="utf-8").count(f"## {WHEN:%Y-%m-%d} 沉淀")
    return {"lost": lost, "twice": twice, "duplicate_lines": dup_lines, "extra_cold_sections": max(0, cold_sections - 1)}

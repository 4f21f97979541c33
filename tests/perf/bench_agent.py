"""The agent's commands on a big home, each timed as a whole process from its start (issue
targets in brackets).

Run: ``.venv/bin/python -m tests.perf.bench_agent [--runs 5] [--big] [--cold] [--only turn,mcp]``

Homes are ``tests/perf/synth.py``'s mixed warm entries: 10,000 (1.4 MB of warm.md), with ``--big``
also 100,000 (14 MB), and the demo home's goals (``--no-goals``: none). Their ``workbench.json`` sets ``memory.maxBytes`` to :data:`MAX_BYTES`: at
the default 64 KiB the first append would consolidate the whole warm.md away.

Every figure is a child process started here (``linghun ...``, the installed command, as the agent
starts it) and reaped: wall time is ``time.perf_counter`` around ``subprocess.run``, CPU time is the
child's user + system time from ``resource.getrusage(RUSAGE_CHILDREN)`` (load barely moves it; it
moves wall time a lot on a shared machine). Each row is the median of ``--runs`` runs after one that
is not counted, with the min and max and the 1-minute load average at the end of the row; the first
row is the interpreter's floor, ``python -c pass``. The token cache (``LINGHUN_CACHE_DIR``) is the
one the uncounted run left, as for an agent's second command; ``--cold`` adds rows with an empty
cache folder per run (the first command after warm.md was written elsewhere). Either way the folder
holds the Chinese segmenter's dictionary (``core/segmenter.py``), built here before the clocks
start: it is built once per machine, by the first command that cuts Chinese.

A writing command leaves its history states waiting (``core/history/spool.py``); the one that
finds more than 16 MB waiting commits them all, about one append in eleven at 10k entries: that
run is the max of the ``append``, ``round after append`` and ``turn`` rows, not their median.

The MCP rows drive ``linghun mcp`` through the ``mcp`` package's stdio client: the time from
spawning the server to its answer to ``initialize`` (beside the floor of importing the ``mcp``
server package alone), then ``linghun_turn`` calls: the first right after ``initialize``, while
the server may still be warming up, then two more, then ``memory_append`` and ``linghun_turn``. The server's CPU
during one request is read from ``/proc/<pid>/stat`` (Linux; elsewhere shown as n/a); the whole
session's CPU, from ``RUSAGE_CHILDREN`` once the server exited.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

#: memory.maxBytes of the benchmark homes (1 GB: no append consolidates)
MAX_BYTES = 10**9
# Each run asks another question, as an agent does: the same question again would deliver the same
# bundle, leave assembled.md as it was and skip the history's commit a real round makes.
TOPICS = [("订单服务", "orders"), ("缓存", "redis"), ("支付网关", "payments"), ("发布流程", "deploy"),
          ("监控告警", "grafana"), ("数据库迁移", "postgres"), ("预算", "budget"), ("值班", "oncall")]
QUESTIONS = [f"{zh} {en} 配置现在是多少" for zh, en in TOPICS]
MESSAGES = [f"{zh} {en} 的配置是什么？" for zh, en in reversed(TOPICS)]
QUESTION, MESSAGE = QUESTIONS[0], MESSAGES[0]
# English ones: the embeddings' rerank reads English only (its model loaded, the query encoded, the
# English candidates scored; the synthetic entries are mostly Chinese, so few are encoded)
QUESTIONS_EN = [f"What is the {en} setting for {zh} now?" for zh, en in TOPICS]
MESSAGES_EN = [f"Which {en} settings did we choose?" for _zh, en in reversed(TOPICS)]
AFTER_APPEND = "基准追加 benchmark 配置现在是多少"  # the appended entry changes the bundle each run

TARGETS = {10_000: {"--help": "", "read": "[< 0.3 s]", "entries": "[< 0.3 s]", "context": "[< 0.4 s]",
                    "context (English)": "[< 0.4 s]", "round after append": "[< 0.4 s]", "turn": "[< 0.5 s]",
                    "turn (English)": "[< 0.5 s]", "mcp initialize": "[< 1 s]",
                    "mcp linghun_turn, warm": "[< 100 ms]"},
           100_000: {"turn": "[< 1 s]"}}


def linghun_command() -> list[str]:
    """The installed ``linghun`` beside this interpreter (what an agent runs), else ``-m``."""
    script = Path(sys.executable).with_name("linghun")
    return [str(script)] if script.exists() else [sys.executable, "-m", "linghun.core"]


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run_child(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall, cpu) seconds of one child process from its start until it is reaped."""
    c0, w0 = _children_cpu(), time.perf_counter()
    done = subprocess.run(argv, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE)
    wall, cpu = time.perf_counter() - w0, _children_cpu() - c0
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} exited {done.returncode}: {done.stderr.decode(errors='replace')[-2000:]}")
    return wall, cpu


def row(label: str, samples: list[tuple[float, float]], target: str = "") -> dict:
    walls, cpus = [s[0] for s in samples], [s[1] for s in samples]
    load = os.getloadavg()[0]
    print(f"  {label:<44} wall {statistics.median(walls) * 1000:7.0f} ms ({min(walls) * 1000:.0f}-"
          f"{max(walls) * 1000:.0f})   cpu {statistics.median(cpus) * 1000:7.0f} ms ({min(cpus) * 1000:.0f}-"
          f"{max(cpus) * 1000:.0f})   load {load:.2f}  {target}", flush=True)
    return {"label": label, "wall": statistics.median(walls), "cpu": statistics.median(cpus), "load": load}


def repeat(runs: int, once: Callable[[int], tuple[float, float]]) -> list[tuple[float, float]]:
    once(-1)  # not counted: caches and the page cache as an agent's second command finds them
    return [once(i) for i in range(runs)]


def make_bench_home(folder: Path, n: int, goals: bool = True):
    """The synthetic home of ``n`` entries; with ``goals``, the demo home's goals too (a home an
    agent has used for a while has goals, and linking entries to them is part of every context)."""
    from linghun import resources
    from tests.perf.synth import make_home

    home = make_home(folder, n)
    home.config.write_text('{"memory": {"maxBytes": %d}}\n' % MAX_BYTES, encoding="utf-8")
    if goals:
        home.goals_dir.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(resources.DEMO_HOME_DIR / "linghun" / "memory" / "goals" / "goals.json", home.goals)
    return home


def machine_cache(cache: Path) -> None:
    """Put in ``cache`` what a machine's cache folder holds before any home is used: the Chinese
    segmenter's dictionary (built once per machine; linked from the first folder it was built in)."""
    try:
        from linghun.core.segmenter import build, dictionary_path, jieba_sources
    except ImportError:  # a checkout from before the segmenter (a before/after comparison)
        return
    sources = jieba_sources()
    if sources is None:
        return
    path = dictionary_path(cache, sources)
    if path.exists():
        return
    built = dictionary_path(Path(tempfile.gettempdir()) / "bench-agent-segmenter", sources)
    if not built.exists():
        build(built, sources)
    cache.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(built, path)


def bench_commands(n: int, runs: int, env: dict[str, str], dsh: Path, only: set[str], cold: bool) -> list[dict]:
    cmd = linghun_command()
    home = ["--home", str(dsh)]
    targets = TARGETS.get(n, {})
    out = []

    def plain(label: str, *argv: str, asking: list[str] | None = None) -> None:
        """A row of ``argv``; with ``asking``, run ``i`` puts its question first."""
        def once(i: int) -> tuple[float, float]:
            question = [asking[(i + 1) % len(asking)]] if asking else []
            return run_child([*cmd, *argv[:1], *question, *argv[1:]], env)

        if not only or label.split()[0] in only:
            out.append(row(label, repeat(runs, once), targets.get(label, "")))

    plain("--help", "--help")
    plain("read", "read", *home)
    plain("entries", "entries", *home)
    plain("context", "context", "--offline", *home, asking=QUESTIONS)
    plain("context (English)", "context", "--offline", *home, asking=QUESTIONS_EN)
    plain("round", "round", "--llm", "offline", *home, asking=QUESTIONS)

    def append(i: int) -> tuple[float, float]:
        return run_child([*cmd, "append", "fact", f"基准追加 {n} {i} | benchmark append | {time.time_ns()}", *home], env)

    if not only or "append" in only:
        out.append(row("append", repeat(runs, append)))
    if not only or "round" in only:
        def append_then_round(i: int) -> tuple[float, float]:
            append(i)
            return run_child([*cmd, "round", AFTER_APPEND, "--llm", "offline", *home], env)

        out.append(row("round after append", repeat(runs, append_then_round), targets.get("round after append", "")))
    plain("turn", "turn", "--offline", *home, asking=MESSAGES)
    plain("turn (English)", "turn", "--offline", *home, asking=MESSAGES_EN)
    if cold:
        for label, argv in (("context, cold cache", ["context", QUESTION, "--offline"]),
                            ("turn, cold cache", ["turn", MESSAGE, "--offline"])):
            if only and label.split(",")[0] not in only:
                continue

            def fresh(i: int, argv=argv) -> tuple[float, float]:
                cache = Path(env["LINGHUN_CACHE_DIR"]) / f"cold-{time.time_ns()}"
                machine_cache(cache)
                try:
                    return run_child([*cmd, *argv, *home], {**env, "LINGHUN_CACHE_DIR": str(cache)})
                finally:
                    shutil.rmtree(cache, ignore_errors=True)

            out.append(row(label, repeat(runs, fresh)))
    return out


# -- MCP ----------------------------------------------------------------------------------------
def _child_pids() -> set[int]:
    pids: set[int] = set()
    for task in Path("/proc/self/task").glob("*"):
        try:
            pids.update(int(p) for p in (task / "children").read_text().split())
        except OSError:
            pass
    return pids


def _process_cpu(pid: int | None) -> float | None:
    """User + system seconds of a live process (Linux's /proc; None elsewhere)."""
    if pid is None:
        return None
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def _mcp_session(dsh: Path, env: dict[str, str], turns: int) -> dict[str, list[tuple[float, float | None]]]:
    from mcp import ClientSession, StdioServerParameters, stdio_client

    cmd = linghun_command()
    params = StdioServerParameters(command=cmd[0], args=[*cmd[1:], "mcp", "--offline", "--home", str(dsh)], env=env)
    before = _child_pids()
    times: dict[str, list[tuple[float, float | None]]] = {}

    def mark(label: str, w0: float, c0: float | None, pid: int | None) -> None:
        c1 = _process_cpu(pid)
        times.setdefault(label, []).append(
            (time.perf_counter() - w0, None if c1 is None or c0 is None else c1 - c0))

    w0 = time.perf_counter()
    async with stdio_client(params) as (read, write):
        new = _child_pids() - before
        pid = next(iter(new)) if len(new) == 1 else None
        async with ClientSession(read, write) as session:
            await session.initialize()
            mark("mcp initialize", w0, 0.0, pid)
            for i in range(turns):
                label = "mcp linghun_turn, first" if i == 0 else "mcp linghun_turn, warm"
                w0, c0 = time.perf_counter(), _process_cpu(pid)
                result = await session.call_tool("linghun_turn", {"message": MESSAGES[i % len(MESSAGES)], "session": f"bench-{i}"})
                assert not result.is_error and result.structured_content["round"]["status"] == "ok", result.content
                mark(label, w0, c0, pid)
            w0, c0 = time.perf_counter(), _process_cpu(pid)
            result = await session.call_tool("memory_append", {
                "kind": "fact", "content": f"基准追加 mcp | benchmark append | {time.time_ns()}"})
            assert not result.is_error, result.content
            result = await session.call_tool("linghun_turn", {"message": AFTER_APPEND, "session": "bench-append"})
            assert not result.is_error and result.structured_content["round"]["status"] == "ok", result.content
            mark("mcp append + linghun_turn", w0, c0, pid)
    return times


def bench_mcp(n: int, runs: int, env: dict[str, str], dsh: Path) -> list[dict]:
    import anyio

    targets = TARGETS.get(n, {})
    out = [row("floor of MCP: python imports the mcp server", repeat(runs, lambda i: run_child(
        [sys.executable, "-c", "import mcp.server.lowlevel, mcp.server.stdio"], env)))]
    samples: dict[str, list[tuple[float, float | None]]] = {}
    sessions: list[tuple[float, float]] = []
    for i in range(-1, runs):
        c0, w0 = _children_cpu(), time.perf_counter()
        times = anyio.run(_mcp_session, dsh, env, 3)
        if i < 0:
            continue  # not counted, as for the commands
        sessions.append((time.perf_counter() - w0, _children_cpu() - c0))
        for label, values in times.items():
            samples.setdefault(label, []).extend(values)
    for label, values in samples.items():
        walls = [w for w, _ in values]
        cpus = [c for _, c in values if c is not None]
        load = os.getloadavg()[0]
        cpu = (f"cpu {statistics.median(cpus) * 1000:7.0f} ms ({min(cpus) * 1000:.0f}-{max(cpus) * 1000:.0f})"
               if cpus else "cpu     n/a")
        print(f"  {label:<44} wall {statistics.median(walls) * 1000:7.0f} ms ({min(walls) * 1000:.0f}-"
              f"{max(walls) * 1000:.0f})   {cpu}   load {load:.2f}  {targets.get(label, '')}", flush=True)
        out.append({"label": label, "wall": statistics.median(walls),
                    "cpu": statistics.median(cpus) if cpus else None, "load": load})
    out.append(row("mcp whole session (start, 5 calls, exit)", sessions))
    return out


def bench_home(n: int, runs: int, only: set[str], cold: bool, goals: bool = True) -> list[dict]:
    with tempfile.TemporaryDirectory(prefix="bench-agent-") as tmp:
        dsh = Path(tmp) / "dsh"
        home = make_bench_home(dsh, n, goals)
        env = {**os.environ, "LINGHUN_CACHE_DIR": str(Path(tmp) / "cache"),
               "LINGHUN_CONFIG_DIR": str(Path(tmp) / "config"), "LINGHUN_DATA_DIR": str(Path(tmp) / "data")}
        env.pop("DSH_HOME", None)
        machine_cache(Path(env["LINGHUN_CACHE_DIR"]))
        print(f"{n:,} entries, warm.md {(dsh / 'linghun' / 'memory' / 'warm.md').stat().st_size / 1e6:.1f} MB, "
              f"memory.maxBytes {MAX_BYTES:,}, "
              + (f"the demo's goals ({len(json.loads(home.goals.read_text(encoding='utf-8'))['goals'])})" if goals
                 else "no goals"), flush=True)
        out = bench_commands(n, runs, env, dsh, only, cold)
        if not only or "mcp" in only:
            out += bench_mcp(n, runs, env, dsh)
        return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5, help="counted runs per row (the median is printed)")
    ap.add_argument("--entries", type=int, default=10_000)
    ap.add_argument("--big", action="store_true", help="also a 100,000-entry home")
    ap.add_argument("--cold", action="store_true", help="also context and turn with an empty token cache")
    ap.add_argument("--no-goals", dest="goals", action="store_false",
                    help="homes without goals (by default they have the demo home's)")
    ap.add_argument("--only", default="", help="comma-separated rows: --help,read,entries,context,round,append,turn,mcp")
    args = ap.parse_args(argv)
    only = {x.strip() for x in args.only.split(",") if x.strip()}
    print(f"{os.cpu_count()} cores, load {' '.join(f'{x:.2f}' for x in os.getloadavg())}; "
          f"median of {args.runs} runs (min-max), CPU = the child's user + system time", flush=True)
    row("floor: python -c pass", repeat(args.runs, lambda i: run_child([sys.executable, "-c", "pass"], dict(os.environ))))
    bench_home(args.entries, args.runs, only, args.cold, args.goals)
    if args.big:
        bench_home(100_000, args.runs, only, args.cold, args.goals)


if __name__ == "__main__":
    main()

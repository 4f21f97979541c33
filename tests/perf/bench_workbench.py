"""Opening a big home in the workbench, timed as a whole process from its start (issue 22 targets:
open 10k to interactive < 1.5 s, 100k < 3 s, no GUI-thread stall > 100 ms, RSS <= 500 MB at 100k).

    .venv/bin/python -m tests.perf.bench_workbench [--entries 10000,100000] [--runs 3]
    .venv/bin/python -m tests.perf.bench_workbench --keystrokes   # also the in-process filter rows

Homes are ``tests/perf/synth.py``'s mixed warm entries, with ``memory.maxBytes`` set to
:data:`MAX_BYTES` in their workbench.json (at the default 64 KiB a 10k home could not exist: the
first write would consolidate it away); a returning user's settings (the welcome seen, English).

Each run starts ``linghun-workbench HOME`` (the installed command) as a child process with
``LINGHUN_WORKBENCH_REPORT`` set (``workbench.app.OpenReport``): it notes, inside the real process,
when the event loop first turned (the window built for the home and painted: one stall, as nothing
is on screen before it), when the window became interactive (every entry in the table) and when
the search index was ready, the longest gap of a 5 ms timer on its GUI thread from the first turn
until then (with the GUI thread's own CPU in it: on a loaded machine most of a gap is waiting for
a core), the most GUI-thread CPU in any one gap, and the collector's longest pause; it quits once
no background work runs any more (the checks' first run...), so the peak RSS is the whole open's. Times count from the moment
this script spawned it; CPU is the child's own (``process_time`` at each point, user + system from
``os.wait4`` for the whole run: load barely moves it, it moves wall time a lot on a shared machine),
peak RSS from ``wait4`` too. Each row is the median of ``--runs`` (min-max beside), with the
1-minute load average; the first row is the interpreter's floor, ``python -c pass``. The cache
folder (``LINGHUN_CACHE_DIR``) is the one an uncounted first run left, as when a home is opened
again; with ``--cold`` it is emptied before every run (the first open on this machine).

``--keystrokes`` adds the old in-process figures: a filter keystroke applied and repainted, while
the index warms up and after (GUI-thread CPU beside wall).
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tests.perf.synth import make_home

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

#: memory.maxBytes of the benchmark homes (1 GB: nothing consolidates them away)
MAX_BYTES = 1 << 30


def make_homes(root: Path, sizes: list[int]) -> dict[int, Path]:
    homes = {}
    for n in sizes:
        home = make_home(root / f"home-{n}", n)
        home.config.write_text('{"memory": {"maxBytes": %d}}\n' % MAX_BYTES, encoding="utf-8")
        homes[n] = home.dsh_home
    return homes


def child_env(root: Path) -> dict[str, str]:
    """A returning user's folders: settings with the welcome seen, English, an empty cache."""
    env = dict(os.environ, LINGHUN_CONFIG_DIR=str(root / "config"), LINGHUN_DATA_DIR=str(root / "data"),
               LINGHUN_CACHE_DIR=str(root / "cache"))
    env.pop("DSH_HOME", None)
    (root / "config").mkdir(parents=True, exist_ok=True)
    (root / "config" / "workbench.ini").write_text("[ui]\nwelcome_shown=true\nlanguage=en\n", encoding="utf-8")
    return env


def run_child(argv: list[str], env: dict[str, str]) -> tuple[float, float, float, int]:
    """Spawn ``argv``; (spawn time, wall s, CPU s, peak RSS MB) once it exited (non-zero: raised)."""
    spawned = time.time()
    t0 = time.perf_counter()
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _pid, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    err = proc.stderr.read().decode(errors="replace")
    proc.stderr.close()
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise RuntimeError(f"{argv[0]} exited with {proc.returncode}:\n{err[-3000:]}")
    rss_mb = usage.ru_maxrss / 1024 / (1024 if sys.platform == "darwin" else 1)
    return spawned, wall, usage.ru_utime + usage.ru_stime, round(rss_mb)


def open_once(home: Path, root: Path, cold: bool) -> dict[str, float]:
    """One whole run of the workbench opening ``home``: what ``OpenReport`` noted, from spawn.
    ``cold``: with an empty cache folder (the first open of that home on this machine)."""
    if cold:
        shutil.rmtree(root / "cache", ignore_errors=True)
    env = child_env(root)
    report = root / "report.json"
    report.unlink(missing_ok=True)
    env["LINGHUN_WORKBENCH_REPORT"] = str(report)
    workbench = Path(sys.executable).with_name("linghun-workbench")
    spawned, wall, cpu, rss = run_child([str(workbench), str(home)], env)
    r = json.loads(report.read_text(encoding="utf-8"))
    return {"first turn": r["first_turn_at"] - spawned, "first gap ms": r["first_gap_ms"],
            "interactive": r["interactive_at"] - spawned, "interactive cpu": r["interactive_cpu"],
            "index ready": r["index_ready_at"] - spawned, "index cpu": r["index_ready_cpu"],
            "settled": r["settled_at"] - spawned, "settled cpu": r["settled_cpu"],
            "longest stall ms": r["longest_gap_ms"], "longest stall cpu ms": r["longest_gap_cpu_ms"],
            "busiest gap cpu ms": r["busiest_gap_cpu_ms"], "gc max ms": r["gc_max_ms"],
            "process wall": wall, "process cpu": cpu, "peak RSS MB": rss, "rows": r["rows"]}


def spread(values: list[float], fmt: str) -> str:
    return f"{format(statistics.median(values), fmt)} ({format(min(values), fmt)}-{format(max(values), fmt)})"


def keystrokes(home: Path, root: Path) -> None:
    """The in-process rows: a filter keystroke with the table repainted, GUI-thread CPU beside."""
    # imported here, for start-up time: without --keystrokes this process only spawns children
    # and needs no Qt (nor the settings' folders set before the workbench is imported)
    from PySide6.QtCore import Qt

    from linghun.workbench.app import Workbench, create_application
    from linghun.workbench.settings import Settings
    from tests.perf.eventloop import pause, wait_for

    os.environ.update({k: v for k, v in child_env(root).items() if k.startswith("LINGHUN_")})
    app = create_application([])
    wb = Workbench(app, Settings())
    window = wb.window
    window.resize(1280, 800)
    window.show()
    window.open_home(home, remember=False)
    pane = window.pane("entries")
    wait_for(app, lambda: not getattr(pane.model, "loading", False))
    pause(app, 0.5)  # the user looks at the window before typing

    def type_words() -> tuple[list[float], list[float]]:
        timings, cpu = [], []
        for text in ("订", "订单", "订单服", "订单服务", "订单服务 部署", "redis", "", "pnpm"):
            t, c = time.perf_counter(), time.thread_time()
            pane.search.setText(text)  # the keystroke: filter, then paint the table
            pane.view.viewport().repaint()
            timings.append((time.perf_counter() - t) * 1000)
            cpu.append((time.thread_time() - c) * 1000)  # the GUI thread's: workers may run meanwhile
        return timings, cpu

    during, during_cpu = type_words()
    wait_for(app, lambda: not window.ctx.warming)
    after, after_cpu = type_words()
    sort_t = time.perf_counter()
    pane.view.sortByColumn(2, Qt.SortOrder.DescendingOrder)
    pane.view.viewport().repaint()
    sort_ms = (time.perf_counter() - sort_t) * 1000
    print(f"  filter keystroke + repaint, ms median wall / GUI-thread CPU: while the index warms up "
          f"{statistics.median(during):.0f} / {statistics.median(during_cpu):.0f}, after "
          f"{statistics.median(after):.0f} / {statistics.median(after_cpu):.0f} (max {max(after):.0f}); "
          f"sort by confidence + repaint {sort_ms:.0f} ms")
    window.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--entries", default="10000,100000", help="comma-separated home sizes")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--cold", action="store_true", help="an empty cache folder for every run")
    parser.add_argument("--keystrokes", action="store_true", help="also the in-process filter keystroke rows")
    args = parser.parse_args(argv)
    sizes = [int(n) for n in args.entries.split(",")]
    root = Path(tempfile.mkdtemp(prefix="linghun-bench-wb-"))
    try:
        homes = make_homes(root, sizes)
        floors = [run_child([sys.executable, "-c", "pass"], child_env(root))[1:3] for _ in range(max(3, args.runs))]
        print(f"homes: tests/perf/synth.py mixed entries, memory.maxBytes {MAX_BYTES:,}; {args.runs} run(s) "
              f"each, median (min-max); times from spawning linghun-workbench; "
              f"{'an empty cache folder every run' if args.cold else 'the cache an uncounted first run left'}")
        print(f"floor `python -c pass`: wall {statistics.median(f[0] for f in floors) * 1000:.0f} ms, "
              f"cpu {statistics.median(f[1] for f in floors) * 1000:.0f} ms; load {os.getloadavg()[0]:.2f}")
        for n, home in homes.items():
            shutil.rmtree(root / "cache", ignore_errors=True)
            if not args.cold:
                open_once(home, root, cold=False)  # uncounted: leaves the cache a reopening finds
            runs = [open_once(home, root, args.cold) for _ in range(args.runs)]
            col = {k: [r[k] for r in runs] for k in runs[0]}
            print(f"{n:,} entries ({home.joinpath('linghun/memory/warm.md').stat().st_size / 1e6:.1f} MB warm.md, "
                  f"{runs[0]['rows']:,} rows shown):")
            print(f"  window up            wall {spread(col['first turn'], '.2f')} s (the panes seen built and "
                  f"painted in one stall of {spread(col['first gap ms'], '.0f')} ms)")
            print(f"  open to interactive  wall {spread(col['interactive'], '.2f')} s, cpu {spread(col['interactive cpu'], '.2f')} s")
            print(f"  open to index ready  wall {spread(col['index ready'], '.2f')} s, cpu {spread(col['index cpu'], '.2f')} s")
            print(f"  background all done  wall {spread(col['settled'], '.2f')} s, cpu {spread(col['settled cpu'], '.2f')} s")
            print(f"  longest GUI stall    {spread(col['longest stall ms'], '.0f')} ms after the window was up, "
                  f"GUI-thread CPU in it {spread(col['longest stall cpu ms'], '.0f')} ms; most GUI-thread CPU "
                  f"in one gap {spread(col['busiest gap cpu ms'], '.0f')} ms; collector's longest pause "
                  f"{spread(col['gc max ms'], '.0f')} ms")
            print(f"  whole process        wall {spread(col['process wall'], '.2f')} s, cpu {spread(col['process cpu'], '.2f')} s, "
                  f"peak RSS {spread(col['peak RSS MB'], '.0f')} MB; load {os.getloadavg()[0]:.2f}", flush=True)
            if args.keystrokes:
                keystrokes(home, root)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

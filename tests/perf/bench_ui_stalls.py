"""GUI-thread stalls while the workbench works (target: longest gap < 50 ms in every scenario).

    .venv/bin/python -m tests.perf.bench_ui_stalls [--entries 10000] [--only rounds,rewritten] [--trace]

A precise 5 ms ``QTimer`` runs on the GUI thread of the real main window (offscreen) with a home
of N synthetic entries open. For each scenario the table gives the longest gap between two ticks
with the GUI thread's CPU in it (much less than the gap: it waited for a core or the GIL), the most
GUI-thread CPU in any one gap ("busiest"), the share of the time spent in gaps longer than 20 ms ("stalled"), with the wall and CPU time
of the scenario and the garbage collector's longest and total pause (it runs on the GUI thread).
The idle row is the floor: what the machine's load alone costs the timer. ``--trace`` adds, per
scenario, the GUI-thread code the stalls were spent in and the slowest Qt events.

Scenarios, each driven as a person does and run inside the application's event loop
(``tests/perf/eventloop.py``): opening the home (File > Open in a window already shown: building
the panes that can be seen, reading warm.md, filling the table, the search index, the panes built
unseen and the checks' first run, until nothing runs in the background); each workspace shown once
from the bar (the panes not seen at the open are built as they are first shown); idle; 8 offline rounds (the Rounds tab clicked, each question typed
and Run clicked); 3 rounds against a local OpenAI-compatible server that answers after 1.5 s
(tests/fakeopenai.py); a consolidation preview; a projection preview (toolbar actions); warm.md
rewritten by another process 10 times in 5 s.

The home is ``tests/perf/synth.py``'s mixed entries with ``memory.maxBytes`` set to
``bench_workbench.MAX_BYTES`` (stated in the output). Each row has the 1-minute load average; the
first line the interpreter's floor, ``python -c pass``.
"""
from __future__ import annotations

import argparse
import collections
import gc
import os
import resource
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

STALL_MS = 20.0
TICK_MS = 5


class StallSampler(threading.Thread):
    """With ``--trace``: samples the GUI thread's stack while a tick is late, so each stall names
    the code it was spent in. Samples are taken every 5 ms of lateness past ``STALL_MS``."""

    def __init__(self, ticker: "Ticker", gui_thread_id: int):
        super().__init__(daemon=True)
        self.ticker, self.gui = ticker, gui_thread_id
        self.samples: collections.Counter[tuple[str, ...]] = collections.Counter()
        self.running = True

    def run(self) -> None:
        while self.running:
            time.sleep(0.005)
            last = self.ticker.last
            if last and (time.perf_counter() - last) * 1000 > STALL_MS:
                frame = sys._current_frames().get(self.gui)
                if frame is not None:
                    self.samples[self._stack(frame)] += 1

    @staticmethod
    def _stack(frame) -> tuple[str, ...]:
        """The slot the event loop called (the outermost frames below this script) and the line
        that was running in it; empty when the GUI thread was in Qt's own code (layout, paint)."""
        lines = []
        for summary in traceback.extract_stack(frame)[::-1]:
            if "bench_ui_stalls" in summary.filename:
                break
            lines.append(f"{Path(summary.filename).name}:{summary.lineno} {summary.name}")
        lines.reverse()
        return tuple(lines[:4] + ["..."] + lines[-2:]) if len(lines) > 7 else tuple(lines)

    def report(self, top: int = 5) -> None:
        total = sum(self.samples.values())
        for stack, count in self.samples.most_common(top):
            print(f"    {count:4d}/{total} samples (~{count * 5} ms late)")
            for line in stack or ("(Qt: layout, paint or events)",):
                print(f"        {line}")
        self.samples.clear()


def _object_path(obj, depth: int = 4) -> str:
    """``Class#name < Parent#name < ...``: enough of the parent chain to tell which widget it is."""
    names = []
    while obj is not None and len(names) < depth:
        try:
            name = obj.objectName()
            parent = obj.parent()
        except (AttributeError, TypeError, RuntimeError):  # not a QObject, or one being destroyed
            name, parent = "", None
        names.append(f"{type(obj).__name__}{'#' + name if name else ''}")
        obj = parent
    return " < ".join(names)


def timed_application():
    """With ``--trace``: an application that also names each event the GUI thread took long over
    (receiver class and event type), which covers the time spent in Qt's own code."""
    from PySide6.QtWidgets import QApplication

    class TimedApplication(QApplication):
        slow: collections.Counter[str] = collections.Counter()
        slow_cpu: collections.Counter[str] = collections.Counter()
        depth = 0

        def notify(self, receiver, event):  # noqa: D401 - Qt override
            start, cpu = time.perf_counter(), time.thread_time()
            self.depth += 1
            try:
                return super().notify(receiver, event)
            finally:
                self.depth -= 1
                took = (time.perf_counter() - start) * 1000
                if took > STALL_MS:
                    key = f"{'  ' * self.depth}{_object_path(receiver)} {event.type().name}"
                    self.slow[key] += took
                    self.slow_cpu[key] += (time.thread_time() - cpu) * 1000

        def report(self, top: int = 14) -> None:
            # wall beside the GUI thread's CPU: a wall much longer than the CPU is time spent
            # waiting (for the GIL a worker holds, or for a core); nested events are indented
            for key, took in self.slow.most_common(top):
                print(f"    {took:7.0f} ms ({self.slow_cpu[key]:5.0f} ms CPU) in events over {STALL_MS:.0f} ms: {key}")
            self.slow.clear()
            self.slow_cpu.clear()

    return TimedApplication(sys.argv[:1])


class Ticker:
    """Records the GUI thread's 5 ms ticks, with the GUI thread's CPU time at each: on a loaded
    machine most of a long gap can be waiting for a core, which the CPU in it tells apart from
    work done on the GUI thread."""

    def __init__(self):
        from PySide6.QtCore import QTimer, Qt

        self.ticks: list[float] = []
        self.cpu: list[float] = []
        self.last = 0.0
        self.timer = QTimer()
        self.timer.setTimerType(Qt.TimerType.PreciseTimer)
        self.timer.setInterval(TICK_MS)
        self.timer.timeout.connect(self._tick)

    def _tick(self) -> None:
        self.last = time.perf_counter()
        self.ticks.append(self.last)
        self.cpu.append(time.thread_time())

    def start(self) -> None:
        self.ticks = [time.perf_counter()]
        self.cpu = [time.thread_time()]
        self.last = self.ticks[0]
        self.timer.start()

    def stop(self) -> tuple[float, float, float, float]:
        """(longest gap, GUI-thread CPU in it, most GUI-thread CPU in one gap) in ms, and the
        share of the time in gaps longer than ``STALL_MS``."""
        self.timer.stop()
        self.last = 0.0
        self.ticks.append(time.perf_counter())
        self.cpu.append(time.thread_time())
        gaps = [((b - a) * 1000, (d - c) * 1000) for a, b, c, d in zip(self.ticks, self.ticks[1:], self.cpu, self.cpu[1:])]
        total = (self.ticks[-1] - self.ticks[0]) * 1000
        stalled = sum(g for g, _c in gaps if g > STALL_MS)
        longest, longest_cpu = max(gaps, default=(0.0, 0.0))
        return longest, longest_cpu, max((c for _g, c in gaps), default=0.0), 100.0 * stalled / total if total else 0.0


class CollectorPauses:
    """The garbage collector's pauses (the workbench collects on the GUI thread only,
    ``workbench.gcguard``): the longest and the total of a scenario."""

    def __init__(self):
        self.pauses: list[float] = []
        self._start = 0.0
        gc.callbacks.append(self._on_gc)

    def _on_gc(self, phase: str, _info: dict) -> None:
        if phase == "start":
            self._start = time.perf_counter()
        else:
            self.pauses.append((time.perf_counter() - self._start) * 1000)

    def take(self) -> tuple[float, float]:
        pauses, self.pauses = self.pauses, []
        return max(pauses, default=0.0), sum(pauses)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--entries", type=int, default=10_000)
    parser.add_argument("--only", help="comma-separated words of scenario names (the home is opened first, and the "
                                         "panes built untimed unless a scenario asked for builds them)")
    parser.add_argument("--trace", action="store_true", help="name the GUI-thread code behind each scenario's stalls")
    args = parser.parse_args(argv)
    tmp = Path(tempfile.mkdtemp(prefix="linghun-stalls-"))
    os.environ["LINGHUN_CONFIG_DIR"] = str(tmp / "config")
    os.environ["LINGHUN_DATA_DIR"] = str(tmp / "data")
    os.environ["LINGHUN_CACHE_DIR"] = str(tmp / "cache")
    os.environ["LINGHUN_API_KEY"] = "sk-bench"

    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    from tests.fakeopenai import FakeOpenAI
    from tests.journeys.conftest import show_pane  # clicks the dock's tab
    from tests.perf.bench_workbench import MAX_BYTES
    from tests.perf.eventloop import drive, wait_for
    from tests.perf.synth import make_home
    from linghun.workbench.app import Workbench, create_application
    from linghun.workbench.settings import LlmSettings

    home = make_home(tmp / "dsh", args.entries)
    home.config.write_text('{"memory": {"maxBytes": %d}}\n' % MAX_BYTES, encoding="utf-8")
    if args.trace:
        timed_application()  # create_application() adopts it
    app = create_application()
    bench = Workbench(app)
    window = bench.window
    window.resize(1280, 800)
    window.show()
    wait_for(app, lambda: True)  # shown and painted, with no home yet
    panes = {}
    server = FakeOpenAI().start()
    server.respond_with(lambda body: (time.sleep(1.5), '{"level": "light", "strategy": "general"}')[1])

    def open_home():
        window.open_home(home.dsh_home, remember=False)
        # until the panes built unseen are (the checks') and nothing runs in the background
        yield lambda: (not getattr(window.pane("entries").model, "loading", False) and not window.ctx.warming
                       and not window.panes_pending and not window.ctx.tasks.running())
        # a pane not seen is built when first shown (asked for here, after the open is measured)
        panes["rounds"], panes["ontology"] = window.pane("rounds"), window.pane("ontology")

    def ask(question: str):
        rounds = panes["rounds"]
        # a person asks after the debounce window (debounceMs, 5 s); asked within it, a round is
        # skipped at its first role and measures nothing
        rounds._debouncer.forget()
        rounds.question.clear()
        rounds.question.insert(question)  # what an input method commits (keyClicks types ASCII only)
        QTest.mouseClick(rounds.btn_run, Qt.MouseButton.LeftButton)
        yield lambda: rounds._handle is None

    def idle():
        yield 3.0

    def first_shows():
        # each workspace chosen on the bar once: its panes are built as they are first shown (the
        # plotting ones import pyqtgraph then), apart from the rounds below
        for space, action in window.workspace_actions.items():
            if space != window.workspace:
                action.trigger()
                yield lambda: not window.ctx.tasks.running()
                yield 0.2
        window.workspace_actions["curate"].trigger()

    def offline_rounds():
        rounds = panes["rounds"]
        show_pane(window, "rounds")  # the Rounds tab, in front of the timeline
        rounds.llm_choice.setCurrentIndex(rounds.llm_choice.findData("offline"))
        for q in ("订单服务 orders 配置现在是多少", "总结一下部署流程", "支付网关 payments 的来龙去脉", "缓存 redis 的配置",
                  "回归测试和发布流程的先后顺序", "用户偏好 pnpm 吗", "监控告警 grafana 前后矛盾吗", "两次发布间隔多少天"):
            yield from ask(q)
        show_pane(window, "journal")  # the timeline in front again

    def llm_rounds():
        rounds = panes["rounds"]
        show_pane(window, "rounds")
        bench.settings.llm = LlmSettings(provider="openai", base_url=server.base_url, model="slow-model")
        rounds.llm_choice.setCurrentIndex(rounds.llm_choice.findData("llm"))
        asked = len(server.requests)
        for q in ("订单服务 orders 配置现在是多少", "缓存 redis 的配置", "用户偏好 pnpm 吗"):
            yield from ask(q)
        rounds.llm_choice.setCurrentIndex(rounds.llm_choice.findData("offline"))
        show_pane(window, "journal")  # the timeline in front again
        print(f"    ({len(server.requests) - asked} requests reached the LLM server)")

    def preview(action_name: str):
        ontology = panes["ontology"]
        getattr(ontology, action_name).trigger()
        yield lambda: ontology._handle is None
        ontology.discard_preview()

    def external_rewrites():
        code = ("import sys, time\nfrom pathlib import Path\np = Path(sys.argv[1])\ntext = p.read_text(encoding='utf-8')\n"
                "for i in range(10):\n    time.sleep(0.5)\n"
                "    text += f'\\n## 2027-01-01 10:{i:02d} [fact] medium\\n\\n外部进程写入 {i} | 值 | {i}\\n'\n"
                "    tmp = p.with_suffix('.tmp'); tmp.write_text(text, encoding='utf-8'); tmp.replace(p)\n")
        proc = subprocess.Popen([sys.executable, "-c", code, str(home.warm)])
        yield lambda: proc.poll() is not None
        yield 1.5  # the watcher's reload after the last write

    scenarios = [("open the home, until no background work runs", open_home),
                 ("each workspace shown once (its panes built)", first_shows), ("idle (3 s)", idle),
                 ("8 offline rounds", offline_rounds),
                 ("3 rounds, LLM answering in 1.5 s", llm_rounds),
                 ("consolidation preview", lambda: preview("act_consolidate")),
                 ("projection preview", lambda: preview("act_project")),
                 ("warm.md rewritten 10x in 5 s by another process", external_rewrites)]
    untimed = []  # run after the home is opened, before the scenarios asked for
    if args.only:
        wanted = args.only.split(",")
        # the home is opened first whatever is asked; the panes are built then, untimed, when the
        # scenario that builds them is not asked for (the first scenario shown paid for them)
        chosen = [s for s in scenarios[1:] if any(w in s[0] for w in wanted)]
        untimed = [] if any(run is first_shows for _name, run in chosen) else [first_shows]
        scenarios = scenarios[:1] + chosen
    ticker = Ticker()
    sampler = None
    if args.trace:
        sampler = StallSampler(ticker, threading.get_ident())
        sampler.start()
    floor = time.perf_counter(), resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-c", "pass"], check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(f"floor `python -c pass`: wall {(time.perf_counter() - floor[0]) * 1000:.0f} ms, cpu "
          f"{(after.ru_utime + after.ru_stime - floor[1].ru_utime - floor[1].ru_stime) * 1000:.0f} ms")
    print(f"{args.entries:,} entries (synth mixed, memory.maxBytes {MAX_BYTES:,}); gaps of a {TICK_MS} ms precise "
          f"timer on the GUI thread (stalled: gaps > {STALL_MS:.0f} ms)")
    print(f"{'scenario':<50} {'longest gap (its CPU)':>21} {'busiest':>8} {'stalled':>8} {'wall':>8} {'cpu':>8} "
          f"{'gc pause max/total':>19} {'load':>5}")
    collector = CollectorPauses()
    for name, run in scenarios:
        w0, c0 = time.perf_counter(), time.process_time()
        collector.take()
        if sampler is not None:  # what opening the home cost is not the first scenario's
            sampler.samples.clear()
            app.slow.clear()
            app.slow_cpu.clear()
        ticker.start()
        drive(app, run)
        longest, longest_cpu, busiest, stalled = ticker.stop()
        gc_max, gc_total = collector.take()
        print(f"{name:<50} {longest:7.1f} ms ({longest_cpu:5.1f} ms) {busiest:5.1f} ms {stalled:7.1f}% {time.perf_counter() - w0:7.1f}s "
              f"{time.process_time() - c0:7.1f}s {gc_max:7.1f} / {gc_total:6.0f} ms {os.getloadavg()[0]:5.2f}", flush=True)
        if sampler is not None:
            sampler.report()
            app.report()
        for run_untimed in untimed:
            drive(app, run_untimed)
        untimed = []
    server.stop()
    window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Benchmark of the review queue (core/review): a warm.md of 10,000 entries and 1,000 changes by
the agent since the last review (appends, updates that flip and append, near-duplicate merges).

Run: ``python -m tests.perf.bench_review``. Prints wall and CPU time of:

- the analysis of each write as the capture thread makes it when it records the state
  (``core.review.recorded``), per write;
- the first build of the queue in a new process: the writes analysed when recorded (the records
  read from ``analysed.jsonl``), and with no records at all (writes no process of ours recorded:
  every version read from the history, once per write);
- a build in the same process (what the Review pane does on each change of the home);
each without and with the contradiction check (the home's warm.md given parsed, as the pane has
it), and whether the two first builds' queues are the same; then the first build in a real new
process (the records on disk, with the contradiction check). Target: < 300 ms off the GUI thread.
``BENCH_REVIEW_CHANGES`` sets the number of changes.
"""
from __future__ import annotations

import os
import random
import subprocess
import sys
import pygit2
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path

from linghun.core.formats.warm import new_entry, parse_warm
from linghun.core.history.layout import WARM
from linghun.core.history.store import AT_PREFIX, REF, HomeHistory
from linghun.core.home import MemoryHome
from linghun.core.review import recorded, service
from linghun.core.review.state import CACHE_FILE, review_dir
from tests.perf.synth import make_home

ENTRIES = 10_000
CHANGES = int(os.environ.get("BENCH_REVIEW_CHANGES", "1000"))


def _timed(fn):
    w, c = time.perf_counter(), time.process_time()
    out = fn()
    return out, (time.perf_counter() - w) * 1000, (time.process_time() - c) * 1000


def _load() -> str:
    """The machine's load beside each figure: it is shared, and wall time follows the load."""
    return "load " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def _state(history: HomeHistory, data: bytes, writer: str, when: datetime) -> float:
    """One state of warm.md, written as ``HomeHistory.record`` writes it (the same tree, author
    and message) without its per-state checks of every loose object, which made recording a
    thousand 1.4 MB versions take minutes; the history is packed once at the end, as the
    application's capture packs it every ``PACK_EVERY`` states. Then the capture thread's analysis
    of that write (``recorded.note_state``, as ``capture`` calls it): its CPU ms are returned."""
    repo = history.repo
    head = repo.references.get(REF)
    parent = repo[head.target] if head is not None else None
    tree = history._apply(parent.tree if parent is not None else None, {WARM: repo.create_blob(data)})
    sig = pygit2.Signature(writer, f"{writer}@linghun", int(when.timestamp()), 0)
    message = f"{writer}: 1 file(s)\n\n- {WARM}\n\n{AT_PREFIX}{when.isoformat(timespec='microseconds')}\n"
    oid = repo.create_commit(REF, sig, sig, message, tree, [parent.id] if parent is not None else [])
    cpu = time.process_time()
    recorded.note_state(history, str(oid), {WARM: data})
    return (time.process_time() - cpu) * 1000


def _agent_history(home, history: HomeHistory) -> list[float]:
    """``CHANGES`` states of warm.md by the agent, after the user's first one; the CPU ms of
    each one's analysis when recorded."""
    rng = random.Random(3)
    text = home.warm.read_text(encoding="utf-8")
    doc = parse_warm(text)
    blocks = [e.raw for e in doc.entries]
    for k in range(len(blocks) - 1):  # as appends leave them: a blank line after each entry
        if not blocks[k].endswith("\n\n"):
            blocks[k] = blocks[k].rstrip("\n") + "\n\n"
    text = doc.preamble + "".join(blocks)
    start = datetime(2027, 1, 1, 9, 0).astimezone()
    _state(history, text.encode("utf-8"), "workbench", start)
    analysis = []
    for i in range(CHANGES):
        stamp = (start + timedelta(minutes=i + 1)).strftime("%Y-%m-%d %H:%M")
        roll = rng.random()
        if not blocks[-1].endswith("\n\n"):
            blocks[-1] = blocks[-1].rstrip("\n") + "\n\n"
        if roll < 0.2:  # an update: flip one, append its successor
            k = rng.randrange(len(blocks) - 1)
            lines = blocks[k].split("\n", 1)
            blocks[k] = lines[0].rsplit(" ", 1)[0] + " wrong\n" + lines[1]
            blocks.append(new_entry(stamp, "fact", "high", f"服务{i} | 端口 | {9000 + i} | 更新").raw)
        elif roll < 0.3:  # a merge: one entry rewritten in place with a new stamp
            k = rng.randrange(len(blocks) - 1)
            body = parse_warm(blocks[k]).entries[0].body
            trail = blocks[k][len(blocks[k].rstrip("\n")):]
            blocks[k] = new_entry(stamp, "fact", "medium", body + " 复核").raw.rstrip("\n") + trail
        else:
            blocks.append(new_entry(stamp, "event", "medium", f"代理 | 记录 | 第 {i} 次 | | 细节 {i}").raw)
        text = doc.preamble + "".join(blocks)
        analysis.append(_state(history, text.encode("utf-8"), "agent", start + timedelta(minutes=i + 1)))
    home.warm.write_text(text, encoding="utf-8")
    history.pack()
    return analysis


def _say(what: str, queue, wall: float, cpu: float) -> None:
    found = sum(1 for i in queue.items if i.contradictions)
    print(f"{what:<38} {len(queue.items)} changes, {found} with a contradiction, wall {wall:.0f} ms, "
          f"cpu {cpu:.0f} ms, {_load()}")


def _build(home, history, records: bytes | None, **kwargs):
    """A build as a new process makes it: nothing analysed in memory, and on disk the records the
    capture made (``records``) or none (writes no process of ours recorded)."""
    cache = review_dir(history.path) / CACHE_FILE
    if records is None:
        cache.unlink(missing_ok=True)
    else:
        cache.write_bytes(records)
    service._caches.clear()
    return _timed(lambda: service.build_queue(home, history, **kwargs))


def _same(a, b) -> str:
    def rows(queue):
        return [(i.to_dict(), [o.to_dict() for o in i.ops], i.wrote) for i in queue.items]
    return "the same queue" if rows(a) == rows(b) else "QUEUES DIFFER"


def _child(dsh: str) -> None:
    """In a process of its own: the first build from the records on disk, with the contradiction
    check (warm.md parsed first, as the pane has it), timed from the moment the modules are loaded."""
    home = MemoryHome.resolve(Path(dsh))
    history = HomeHistory(home)
    doc = parse_warm(home.warm.read_text(encoding="utf-8"))
    _say("first build, a real new process:", *_timed(lambda: service.build_queue(home, history, doc=doc)))


def _in_a_new_process(home, history, records: bytes) -> None:
    (review_dir(history.path) / CACHE_FILE).write_bytes(records)
    w, c = time.perf_counter(), os.times()
    subprocess.run([sys.executable, "-m", "tests.perf.bench_review", "--child", str(home.dsh_home)], check=True)
    t = os.times()
    print(f"  that whole process (start, imports, open, build): wall {(time.perf_counter() - w) * 1000:.0f} ms, "
          f"cpu {(t.children_user + t.children_system - c.children_user - c.children_system) * 1000:.0f} ms")


def main() -> None:
    if sys.argv[1:2] == ["--child"]:
        return _child(sys.argv[2])
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["LINGHUN_DATA_DIR"] = str(Path(tmp) / "data")
        home = make_home(Path(tmp) / "dsh", ENTRIES)
        history = HomeHistory(home)
        analysis, w, c = _timed(lambda: _agent_history(home, history))
        analysis.sort()
        print(f"setup: {CHANGES} states of a {ENTRIES}-entry warm.md recorded in {w / 1000:.1f} s; analysed when "
              f"recorded: cpu {sum(analysis):.0f} ms in all, {analysis[len(analysis) // 2]:.1f} ms p50, "
              f"{analysis[int(len(analysis) * 0.95)]:.1f} ms p95 a write, {_load()}")
        records = (review_dir(history.path) / CACHE_FILE).read_bytes()
        doc = parse_warm(home.warm.read_text(encoding="utf-8"))
        fast, w, c = _build(home, history, records, check=False)
        _say("first build, analysed when recorded:", fast, w, c)
        best = min((_timed(lambda: service.build_queue(home, history, check=False)) for _ in range(5)),
                   key=lambda t: t[1])
        _say("build, cache in memory:", *best)
        slow, w, c = _build(home, history, None, check=False)
        _say("first build, no records:", slow, w, c)
        print("  the two first builds:", _same(fast, slow))
        fast, w, c = _build(home, history, records, doc=doc)
        _say("first build + contradictions:", fast, w, c)
        best = min((_timed(lambda: service.build_queue(home, history, doc=doc)) for _ in range(3)), key=lambda t: t[1])
        _say("cache in memory + contradictions:", *best)
        slow, w, c = _build(home, history, None, doc=doc)
        _say("no records + contradictions:", slow, w, c)
        print("  the two first builds:", _same(fast, slow))
        _in_a_new_process(home, history, records)


if __name__ == "__main__":
    main()

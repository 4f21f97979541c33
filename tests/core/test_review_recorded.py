"""Each write analysed when the capture records it (``core.review.recorded``): the queue's first
build reads the records and analyses nothing, and its queue is the whole-parse queue byte for
byte. A record that is torn, edited, another analysis version's or not of the queue's shape is
refused and that write analysed again."""
from __future__ import annotations

import hashlib
import json
import tempfile
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import given, settings, strategies as st

from linghun.core.formats.warm import new_entry
from linghun.core.history import capture
from linghun.core.history.layout import WARM
from linghun.core.history.store import HomeHistory
from linghun.core.home import MemoryHome
from linghun.core.memory import Memory
from linghun.core.review import queue as review_queue, recorded, service, warm_changes
from linghun.core.review.packed import PackedVersions
from linghun.core.review.state import ANALYSIS_VERSION, CACHE_FILE, AnalysisCache, ReviewState, review_dir
from tests.core.test_review_fast_path import KINDS_OF_WRITE, _built, _history, _plain_region, _whole, _writes, lines


def _whole_parse(history: HomeHistory, cache_dir: Path) -> list[dict]:
    """The queue with every write analysed from libgit2's versions parsed whole, no record read."""
    with mock.patch.object(PackedVersions, "read", lambda self, hexid: None), \
            mock.patch.object(warm_changes, "changed_region", _whole), \
            mock.patch.object(warm_changes.VersionBlocks, "region", _plain_region):
        return _built(history, cache_dir)


def _from_records(history: HomeHistory) -> list[dict]:
    """The queue from the records beside the history; analysing a write would fail the test."""
    with mock.patch.object(review_queue, "analyse_state", side_effect=AssertionError("a write analysed")):
        return _built(history, history.path)


def _recording():
    """``HomeHistory.record`` followed by the capture thread's analysis of the state, as
    ``capture.Recorder`` does it."""
    real = HomeHistory.record

    def record(self, changes, writer, when=None):
        oid = real(self, changes, writer, when)
        if oid is not None:
            recorded.note_state(self, oid, changes)
        return oid

    return mock.patch.object(HomeHistory, "record", record)


@settings(max_examples=25, deadline=None)
@given(seed_count=st.integers(0, 40), writes=_writes(KINDS_OF_WRITE + ["duplicate"]), pack_at=st.integers(0, 25))
def test_a_history_analysed_when_recorded_builds_the_queue_of_the_walk_without_reading_a_version(
        seed_count, writes, pack_at):
    """Against the first build with no records (every version read by the walk), exact
    duplicate entries included."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        with _recording():
            history = _history(root, seed_count, writes, pack_at)
        assert _from_records(history) == _built(history, root / "walk")


@settings(max_examples=25, deadline=None)
@given(seed_count=st.integers(0, 40), writes=_writes(KINDS_OF_WRITE), pack_at=st.integers(0, 25))
def test_a_history_analysed_when_recorded_builds_the_whole_parse_queue(seed_count, writes, pack_at):
    """Against libgit2's versions parsed whole (exact duplicates aside, as in
    ``test_review_fast_path``: which of two equal entries a write added depends on where one looks)."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        with _recording():
            history = _history(root, seed_count, writes, pack_at)
        assert _from_records(history) == _whole_parse(history, root / "plain")


def _through_the_capture(home: MemoryHome) -> HomeHistory:
    """An agent appends, flips a fact by update, merges a near duplicate, adds a rule, writes
    warm.md itself and consolidates, recorded by the real capture thread."""
    memory = Memory(home)
    with capture.writing_as("workbench"):
        for k in range(30):
            memory.append("fact", f"服务{k} | 端口 | {8000 + k} | 运维手册第 {k} 页", confidence="high")
    capture.flush()
    for call, args, kwargs in (("append", ("event", "我 | 部署 | 订单服务 | | 灰度", "medium"), {}),
                               ("append", ("fact", "服务3 | 端口 | 9003 | 运维手册第 3 页"), {"update": "[4]"}),
                               ("append", ("fact", "服务7 | 端口 | 8007 | 运维手册第 7 页 复核", "medium"), {}),
                               ("rules_append", ("周五不要发布",), {})):
        with capture.writing_as("agent"):
            getattr(memory, call)(*args, **kwargs)
        capture.flush()  # one state a write
    with capture.writing_as("workbench"):
        memory.append("fact", "用户 | 偏好 | 深色主题", confidence="high")
    capture.flush()
    # an agent writing warm.md itself: no bytes reach the capture, a watcher's scan finds them
    text = home.warm.read_text(encoding="utf-8")
    home.warm.write_text(text + "\n" + new_entry("2027-01-02 10:00", "event", "low", "代理 | 直接写入 | warm.md").raw,
                         encoding="utf-8")
    assert capture.recorder.request_scan(home).wait(30)
    with capture.writing_as("agent"):
        memory.consolidate()
    capture.flush()
    return capture.history_of(home)


def test_writes_captured_by_the_process_are_analysed_once_and_a_new_process_reads_them(tmp_path):
    home = MemoryHome.resolve(tmp_path / "dsh")
    home.ensure()
    capture.enable(home)
    try:
        history = _through_the_capture(home)
    finally:
        capture.recorder.disable(home)
    assert not capture.recorder.errors
    kinds = [i["kind"] for i in _from_records(history)]
    assert kinds == ["consolidate", "append", "rule", "merge", "update", "append"]
    assert _from_records(history) == _whole_parse(history, tmp_path / "plain")
    service._caches.clear()  # a new process: the records on disk only
    with mock.patch.object(review_queue, "analyse_state", side_effect=AssertionError("a write analysed")):
        assert [i.kind for i in service.build_queue(home, history).items] == kinds


def _tampered(history: HomeHistory, change) -> list[str]:
    """The analysis file with ``change(line) -> line`` applied to its second and third records."""
    path = review_dir(history.path) / CACHE_FILE
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    path.write_text("".join(change(x) if k in (1, 2) else x for k, x in enumerate(lines)), encoding="utf-8")
    return [json.loads(x.split(" ", 1)[1])["key"] for x in lines[1:3]]


def _resigned(body: dict) -> str:
    text = json.dumps(body, ensure_ascii=False)
    return f"{hashlib.sha1(text.encode('utf-8')).hexdigest()} {text}\n"


def _edited(line: str) -> str:  # a consequence reworded, the checksum left as it was
    return line.replace("adds", "adda", 1)


def _stale(line: str) -> str:  # a record of another analysis version, with its own checksum
    body = json.loads(line.split(" ", 1)[1])
    body["v"] = ANALYSIS_VERSION - 1
    body["items"][0]["consequences"] = ["says something else"]
    return _resigned(body)


def _misshapen(line: str) -> str:  # checksum and version hold, the items are not the queue's
    body = json.loads(line.split(" ", 1)[1])
    body["items"][0]["ops"] = [{"op": "erase", "before": 3}]
    return _resigned(body)


def _torn(line: str) -> str:  # two processes' lines interleaved
    return line[: len(line) // 2] + line[len(line) // 3:]


def _unsigned(line: str) -> str:  # as the version before this one wrote a record
    body = json.loads(line.split(" ", 1)[1])
    return json.dumps({"key": body["key"], "items": body["items"]}, ensure_ascii=False) + "\n"


@pytest.mark.parametrize("change", [_edited, _stale, _misshapen, _torn, _unsigned])
def test_a_record_torn_edited_stale_or_misshapen_is_refused_and_the_write_analysed_again(tmp_path, change):
    root = tmp_path
    with _recording():
        history = _history(root, 10, [("append", i, "fact", "high") for i in range(4)]
                           + [("update", 3, "event", "low")], pack_at=0)
    keys = _tampered(history, change)
    analysed = []
    real = review_queue.analyse_state

    def counted(history, commit, parent, texts=None):
        analysed.append(f"{parent.tree_id}:{commit.tree_id}")
        return real(history, commit, parent, texts)

    cache = AnalysisCache(history.path)
    with mock.patch.object(review_queue, "analyse_state", counted):
        built = review_queue.changes_since(history, ReviewState(root / "state"), cache, True)
    assert cache.refused == 2  # the two lines changed
    assert sorted(analysed) == sorted(keys)
    rows = [dict(i.to_dict(), ops=[o.to_dict() for o in i.ops], wrote=i.wrote) for i in built]
    assert rows == _whole_parse(history, root / "plain")
    assert "adda" not in json.dumps(rows, ensure_ascii=False) and "says something else" not in str(rows)


@settings(max_examples=300, deadline=None)
@given(texts=st.lists(lines.map("\n".join), min_size=1, max_size=4),
       places=st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(0, 600))))
def test_counting_on_in_the_other_side_of_a_write_is_counting_from_the_start(texts, places):
    """``EntryCounter.count(text, end, same)``, ``same`` equal to ``text`` up to ``end`` (a line
    start) and the one counted before: a capture reads the versions oldest first."""
    counter = warm_changes.EntryCounter()
    for k, j, end in places:
        known = texts[k % len(texts)]
        end = known.rfind("\n", 0, min(end, len(known))) + 1  # a line start, as a write's region starts
        new = known[:end] + texts[j % len(texts)][end:]  # a write after ``end``
        expected = warm_changes.count_entries(new, end)
        assert counter.count(new, end, known) == expected
        counter.note(new, end, expected)
        texts[k % len(texts)] = new

"""The review queue's first build: versions read from the packs with their deltas' bases kept
(``core.review.packed``); each write's changed region found by halving slices, its entries'
numbers counted on from the previous version, the run of equal entries between a flip and an
append set aside (``core.review.warm_changes``). Its queue must be the queue of the path before
it, byte for byte, and that of libgit2's versions parsed whole (exact duplicates aside)."""
from __future__ import annotations

import contextlib
import difflib
import tempfile
from datetime import datetime, timedelta
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import given, settings, strategies as st

from linghun.core.formats.warm import new_entry
from linghun.core.history.layout import WARM
from linghun.core.history.store import HomeHistory
from linghun.core.home import MemoryHome
from linghun.core.review import queue as review_queue, warm_changes
from linghun.core.review.packed import PackedVersions, _Damaged, apply_delta
from linghun.core.review.state import AnalysisCache, ReviewState

PREAMBLE = "# warm memory\n\n"
KNOWLEDGE = "memory/knowledge_ontology.md"
START = datetime(2027, 1, 1, 9, 0).astimezone()

KINDS_OF_WRITE = ["append", "append", "update", "flip", "merge", "revive", "edit", "delete", "touch", "swap",
                  "consolidate", "user"]


def _writes(kinds: list[str]):
    """Writes of the agent's (or the user's): what each does to the list of entries."""
    return st.lists(st.tuples(st.sampled_from(kinds), st.integers(0, 10_000),
                              st.sampled_from(["fact", "event", "rule"]), st.sampled_from(["high", "medium", "low"])),
                    min_size=1, max_size=25)

def _render(entries: list[list[str]]) -> bytes:
    blocks = [new_entry(*e[:4], last_access=e[4]).raw.rstrip("\n") for e in entries]
    return (PREAMBLE + "\n\n".join(blocks) + ("\n" if blocks else "")).encode("utf-8")


def _history(root: Path, seed_count: int, writes: list[tuple], pack_at: int) -> HomeHistory:
    """A history of warm.md: the user's first state, then ``writes``; packed after ``pack_at``
    of them (the later versions stay loose, as between two packs of the application)."""
    home = MemoryHome.resolve(root / "dsh")
    home.ensure()
    history = HomeHistory(home, root / "history.git")
    entries = [[f"2026-01-01 08:{i:02d}", "fact", "high", f"服务{i} | 端口 | {8000 + i} | 运维手册第 {i} 页",
                None] for i in range(seed_count)]
    history.record({WARM: _render(entries)}, "workbench", START)
    for n, (op, pick, kind, conf) in enumerate(writes, 1):
        stamp = (START + timedelta(minutes=n)).strftime("%Y-%m-%d %H:%M")
        new = [stamp, kind, conf, f"代理 | 记录 | 第 {n} 次 | {kind} | 细节 {n}", None]
        k = pick % len(entries) if entries else None
        writer, extra = "agent", {}
        if op in ("append", "user") or k is None:
            entries.append(new)
            writer = "workbench" if op == "user" else writer
        elif op in ("update", "flip"):
            entries[k][2] = "wrong"
            if op == "update":
                entries.append(new)
        elif op == "merge":
            entries[k] = [stamp, entries[k][1], "medium", entries[k][3] + " 复核", None]
        elif op == "revive":
            entries[k][2] = "medium" if entries[k][2] == "wrong" else "wrong"
        elif op == "edit":
            entries[k][3] = f"改写 {n} | 全新的内容 | {pick}"
        elif op == "delete":
            entries.pop(k)
        elif op == "touch":
            entries[k][4] = stamp
        elif op == "duplicate":
            entries.insert(pick % (len(entries) + 1), list(entries[k]))
        elif op == "swap":
            j = (k + 1 + pick // 7) % len(entries)
            entries[k], entries[j] = entries[j], entries[k]
        elif op == "consolidate":
            extra = {KNOWLEDGE: "".join(f"- {e[3]}\n" for e in entries).encode("utf-8")}
            entries = []
        history.record({WARM: _render(entries), **extra}, writer, START + timedelta(minutes=n))
        if n == pack_at:
            history.pack()
    return history


def _built(history: HomeHistory, cache_dir: Path) -> list[dict]:
    items = review_queue.changes_since(history, ReviewState(cache_dir), AnalysisCache(cache_dir), True)
    return [dict(i.to_dict(), ops=[o.to_dict() for o in i.ops], wrote=i.wrote) for i in items]


@contextlib.contextmanager
def _fast(chunk: int, direct: int, forced: bool):
    """The fast path with its sizes made small enough for a history of a few dozen entries:
    ``forced``: every version's blocks taken on from the newer one's, the run between two
    changes looked for however few the blocks."""
    blocks = warm_changes.VersionBlocks
    with mock.patch.object(warm_changes, "_CHUNK", chunk), \
            mock.patch.object(review_queue._Texts, "DIRECT_READS", direct), \
            mock.patch.object(blocks, "WIDE", 10 ** 9 if forced else blocks.WIDE), \
            mock.patch.object(blocks, "FEW", 0 if forced else blocks.FEW):
        yield


def _plain_region(self, before: str, after: str, start: int, end_a: int, end_b: int):
    """Both sides of the changed middle scanned for headers and all matched, as before."""
    return (warm_changes._Blocks(before, warm_changes._block_starts(before, start, end_a), end_a),
            warm_changes._Blocks(after, warm_changes._block_starts(after, start, end_b), end_b), None)


def _whole(a: str, b: str) -> tuple[int, int, int]:
    return 0, len(a), len(b)


@settings(max_examples=25, deadline=None)
@given(seed_count=st.integers(0, 40), writes=_writes(KINDS_OF_WRITE + ["duplicate"]), pack_at=st.integers(0, 25),
       chunk=st.sampled_from([3, 64, 1 << 16]), direct=st.sampled_from([0, 8]), forced=st.booleans())
def test_the_fast_first_build_is_the_build_of_before_byte_for_byte(seed_count, writes, pack_at, chunk, direct,
                                                                   forced):
    """Against the path before it: libgit2 read every version, the common ends were found a
    character at a time; exact duplicate entries included."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        history = _history(root, seed_count, writes, pack_at)
        with _fast(chunk, direct, forced):
            fast = _built(history, root / "fast")
        with mock.patch.object(PackedVersions, "read", lambda self, hexid: None), \
                mock.patch.object(warm_changes, "_common_prefix", _naive_prefix), \
                mock.patch.object(warm_changes, "_common_suffix", _naive_suffix), \
                mock.patch.object(warm_changes.VersionBlocks, "region", _plain_region), \
                mock.patch.object(warm_changes, "_dominant_run", lambda a, b: None):
            before = _built(history, root / "before")
        assert fast == before


@settings(max_examples=25, deadline=None)
@given(seed_count=st.integers(0, 40), writes=_writes(KINDS_OF_WRITE), pack_at=st.integers(0, 25),
       chunk=st.sampled_from([3, 64, 1 << 16]), direct=st.sampled_from([0, 8]), forced=st.booleans())
def test_the_fast_first_build_is_the_whole_parse_build_byte_for_byte(seed_count, writes, pack_at, chunk, direct,
                                                                     forced):
    """Against libgit2's versions parsed whole, every block of both matched. Exact duplicates are
    left out: which of two identical entries a write added is a matter of where one looks (the
    changed region says the first, a whole parse the last), the same text either way."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        history = _history(root, seed_count, writes, pack_at)
        with _fast(chunk, direct, forced):
            fast = _built(history, root / "fast")
        with mock.patch.object(PackedVersions, "read", lambda self, hexid: None), \
                mock.patch.object(warm_changes, "changed_region", _whole), \
                mock.patch.object(warm_changes.VersionBlocks, "region", _plain_region):
            plain = _built(history, root / "plain")
        assert fast == plain


def _naive_prefix(a: str, b: str) -> int:
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


def _naive_suffix(a: str, b: str, limit: int) -> int:
    n = 0
    while n < limit and a[len(a) - n - 1] == b[len(b) - n - 1]:
        n += 1
    return n


@settings(max_examples=300, deadline=None)
@given(a=st.text("ab\n#"), b=st.text("ab\n#"), chunk=st.sampled_from([1, 2, 3, 8]))
def test_halving_finds_the_common_ends_a_character_loop_finds(a, b, chunk):
    with mock.patch.object(warm_changes, "_CHUNK", chunk):
        assert warm_changes._common_prefix(a, b) == _naive_prefix(a, b)
        limit = min(len(a), len(b)) - _naive_prefix(a, b) // 2
        assert warm_changes._common_suffix(a, b, limit) == _naive_suffix(a, b, limit)


def test_a_packed_version_is_the_bytes_libgit2_reads_and_a_damaged_one_is_left_to_it(tmp_path):
    history = _history(tmp_path, 30, [("append", i, "fact", "high") for i in range(12)]
                       + [("update", 7 * i, "event", "low") for i in range(12)], pack_at=24)
    blobs = [v.blob for v in history.versions(WARM) if v.blob]
    assert len(blobs) == 25
    original = [history.blob_data(b) for b in blobs]
    with PackedVersions(history.path) as packed:
        assert [packed.read(b) for b in blobs] == original
        assert packed.read(str(history.head().tree_id)) is None  # a tree is no version of a file
        start, end, _crc = packed._packs[0].entries[bytes.fromhex(blobs[5])]
    pack = next((history.path / "objects" / "pack").glob("pack-*.pack"))
    data = bytearray(pack.read_bytes())
    data[(start + end) // 2] ^= 0xFF  # one byte of a packed version
    pack.write_bytes(bytes(data))
    with PackedVersions(history.path) as packed:
        read = [packed.read(b) for b in blobs]
    assert read[5] is None  # what the damaged entry reaches is not vouched for: libgit2 says why
    assert all(r is None or r == o for r, o in zip(read, original))


lines = st.lists(st.sampled_from(["## 2026-01-01 08:00 [fact] high", "## 1999-12-31", "## 2026-01-01 [x] y z",
                                  "\\## 2026-01-01", "# warm", "", "正文 | 内容", "## 3000-01-01", "##2026-01-01"]),
                 max_size=30)


@settings(max_examples=300, deadline=None)
@given(texts=st.lists(lines.map("\n".join), min_size=1, max_size=4), places=st.lists(st.tuples(st.integers(0, 3),
                                                                                              st.integers(0, 600))))
def test_counting_on_from_a_known_place_is_counting_from_the_start(texts, places):
    counter = warm_changes.EntryCounter()
    for k, end in places:
        text = texts[k % len(texts)]
        end = min(end, len(text))
        assert counter.count(text, end) == warm_changes.count_entries(text, end)
        counter.note(text, end, warm_changes.count_entries(text, end))


@settings(max_examples=300, deadline=None)
@given(text=lines.map("\n".join))
def test_the_blocks_start_where_the_header_pattern_finds_a_header(text):
    starts = [m.start() for m in warm_changes._HEADER_LINE.finditer(text)]
    assert [len(b) for b in warm_changes._blocks(text)] == [b - a for a, b in zip(starts, starts[1:] + [len(text)])]


def test_a_long_walk_reads_packed_versions_from_the_pack_and_a_short_one_through_the_history(tmp_path):
    history = _history(tmp_path, 20, [("append", i, "event", "medium") for i in range(30)], pack_at=30)
    history.record({WARM: history.read(WARM) + b"\n" + new_entry("2027-02-01 10:00", "fact", "high",
                                                                 "最后 | 一条 | 未打包").raw.encode()}, "agent")
    through_history = []
    real = history.blob_data
    history.blob_data = lambda blob: (through_history.append(blob), real(blob))[1]
    items = _built(history, tmp_path / "first")
    assert len(items) == 31
    # the newest version is loose; of the packed ones, only the first few a walk reads
    assert len(through_history) == review_queue._Texts.DIRECT_READS
    history.record({WARM: history.read(WARM).replace(b"[fact] high", b"[fact] low", 1)}, "agent")
    through_history.clear()
    assert len(_built(history, tmp_path / "first")) == 32  # the one new write analysed, the rest cached
    assert len(through_history) == 2


def _matcher_leaves(a: list[str], b: list[str]) -> tuple[list[int], list[int]]:
    out_a, out_b = [], []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag != "equal":
            out_a += range(i1, i2)
            out_b += range(j1, j2)
    return out_a, out_b


@st.composite
def edited_lists(draw):
    """A list of entries, mostly distinct (some repeated), and the same list after a few edits
    anywhere: what two versions of warm.md are, block by block."""
    alphabet = draw(st.sampled_from([list("ab"), list("abcdef"), [str(k) for k in range(500)]]))
    a = draw(st.lists(st.sampled_from(alphabet), max_size=60))
    b = list(a)
    for where, what, token in draw(st.lists(st.tuples(st.integers(0, 100), st.sampled_from(["put", "drop", "set"]),
                                                      st.sampled_from(alphabet + ["new"])), max_size=4)):
        at = where % (len(b) + 1)
        if what == "put":
            b.insert(at, token)
        elif b and at < len(b):
            if what == "drop":
                b.pop(at)
            else:
                b[at] = token
    return a, b


@settings(max_examples=500, deadline=None)
@given(pair=edited_lists())
def test_the_blocks_left_unmatched_are_those_the_sequence_matcher_leaves(pair):
    a, b = pair
    assert warm_changes._unmatched(a, b) == _matcher_leaves(a, b)


def test_a_delta_copies_from_its_base_and_inserts_and_is_refused_when_its_sizes_are_wrong():
    base = b"hello world, " * 10
    # sizes (130 -> 18), copy 6 bytes from offset 0 ("hello "), insert "there", copy 7 from 5 (" world,")
    delta = bytes([130, 1, 18, 0x80 | 0x10, 6, 5]) + b"there" + bytes([0x80 | 0x01 | 0x10, 5, 7])
    assert apply_delta(base, delta) == b"hello there world,"
    for bad in (bytes([129, 1]) + delta[2:],  # another base
                delta[:2] + bytes([19]) + delta[3:],  # another result size
                delta + bytes([0]),  # the reserved op
                delta[:3] + bytes([0x80 | 0x01 | 0x10, 200, 100])):  # a copy past the base
        with pytest.raises(_Damaged):
            apply_delta(base, bad)


def test_a_first_build_keeps_what_it_analysed_stopped_halfway_or_not(tmp_path):
    history = _history(tmp_path, 10, [("append", i, "event", "medium") for i in range(60)], pack_at=60)
    keys = [f"{c.parents[0].tree_id}:{c.tree_id}" for c in history.commits() if c.parents]

    class Stop(Exception):
        pass

    def stop_at_30(walked: int) -> None:
        if walked >= 30:
            raise Stop

    with pytest.raises(Stop):  # progress is told every 25 states: the walk stops at the 50th
        review_queue.changes_since(history, ReviewState(tmp_path / "c"), AnalysisCache(tmp_path / "c"), True,
                                   stop_at_30)
    kept = AnalysisCache(tmp_path / "c")  # as the next process reads it
    assert [k for k in keys if kept.get(k) is not None] == keys[:review_queue.PROGRESS_EVERY * 2]
    review_queue.changes_since(history, ReviewState(tmp_path / "c"), AnalysisCache(tmp_path / "c"), True)
    kept = AnalysisCache(tmp_path / "c")
    assert all(kept.get(k) is not None for k in keys) and len(keys) == 60

"""Change detection that cannot miss: a cached warm.md is never trusted on mtime + size alone.

The probe: a long-lived process (the workbench) holds warm.md parsed; another process (the agent)
rewrites it with the same size and its mtime as a coarse file system leaves it (same tick); the
first process then appends. Before, its cache check saw the same mtime and size, appended to its
stale copy and reverted the other write (10 of 10).
"""
from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import time

from linghun.core.fsio import RACY_NS, FileStamp, atomic_write
from linghun.core.home import MemoryHome
from linghun.core.memory import Memory

# the other process: same-size rewrite in place, then the old mtime back (one coarse tick)
OTHER = """
import os, sys
path, old, new = sys.argv[1], sys.argv[2].encode(), sys.argv[3].encode()
st = os.stat(path)
data = open(path, "rb").read()
assert len(old) == len(new) and old in data
with open(path, "r+b") as fh:
    fh.write(data.replace(old, new))
os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
"""


def test_same_size_change_in_one_tick_by_another_process_is_never_overwritten(tmp_path):
    home = MemoryHome.resolve(tmp_path)
    home.ensure()
    memory = Memory(home)
    tried = lost = 0
    for i in range(10):
        memory.append("fact", f"订单服务 | 端口{i} | 80{i:02d} | #1")
        memory.entries()  # the cache is warm
        subprocess.run([sys.executable, "-c", OTHER, str(home.warm), f"80{i:02d}", f"90{i:02d}"], check=True)
        memory.append("event", f"第 {i} 次部署")
        tried += 1
        text = home.warm.read_text(encoding="utf-8")
        lost += f"90{i:02d}" not in text
    print(f"\nracy same-size change: tried {tried}, passed {tried - lost}, lost {lost}")
    assert lost == 0


def test_a_stat_proves_nothing_inside_the_racy_window(tmp_path):
    """Even with every timestamp equal (a file system whose ctime is as coarse as its mtime), a
    stamp taken in the same tick as the file's last change is checked by content."""
    path = tmp_path / "f.md"
    atomic_write(path, b"old text")
    old_sha = hashlib.sha256(b"old text").hexdigest()
    with open(path, "r+b") as fh:
        fh.write(b"new text")
    st = os.stat(path)
    same_tick = FileStamp(st.st_mtime_ns, st.st_size, old_sha, st.st_ctime_ns, st.st_ino,
                          taken_ns=max(st.st_mtime_ns, st.st_ctime_ns) + 1)
    assert same_tick.racy
    assert not same_tick.same_content(path), "a racy stamp is checked by content"
    later = FileStamp(st.st_mtime_ns, st.st_size, old_sha, st.st_ctime_ns, st.st_ino,
                      taken_ns=max(st.st_mtime_ns, st.st_ctime_ns) + RACY_NS + 1)
    assert not later.racy
    assert later.same_content(path), "outside the window a full stat match is trusted (no read)"


def test_a_fresh_stamp_becomes_cheap_once_the_window_has_passed(tmp_path, monkeypatch):
    path = tmp_path / "f.md"
    atomic_write(path, b"text")
    stamp = FileStamp.read(path)
    assert stamp.racy and stamp.same_content(path)
    monkeypatch.setattr(time, "time_ns", lambda: stamp.taken_ns + RACY_NS + 1)
    assert not FileStamp.read(path).racy


def test_a_hash_that_confirms_the_bytes_after_the_window_makes_the_next_check_a_stat(tmp_path, monkeypatch):
    """A stamp taken just after a write is racy; once a hash has confirmed the bytes outside the
    window, the stamp ``confirm`` returns is trusted on a stat (no read at every later check)."""
    from linghun.core import fsio

    path = tmp_path / "f.md"
    atomic_write(path, b"text")
    stamp = FileStamp.read(path)
    assert stamp.confirm(path) is stamp, "inside the window: confirmed by hash, kept as it is"
    now = stamp.taken_ns + RACY_NS + 1
    monkeypatch.setattr(time, "time_ns", lambda: now)
    refreshed = stamp.confirm(path)
    assert refreshed is not None and not refreshed.racy and refreshed == stamp
    reads = []
    monkeypatch.setattr(fsio, "read_bytes", lambda p: reads.append(p))
    assert refreshed.confirm(path) is refreshed and not reads, "a stat is enough now"
    monkeypatch.undo()
    atomic_write(path, b"more text")
    assert refreshed.confirm(path) is None and not refreshed.same_content(path)

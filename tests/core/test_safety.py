"""Nothing lost: concurrent writers, killed writers, corrupt and non-UTF-8 files."""
import json
import os
import signal
import subprocess
import sys
import time
import textwrap

import pytest

from linghun.core.errors import CorruptFileError
from linghun.core.fsio import FileStamp, atomic_write, read_json, read_text
from linghun.core.home import MemoryHome
from linghun.core.memory import Memory
from tests.conftest import REPO

APPENDER = textwrap.dedent("""
    import sys
    from linghun.core.home import MemoryHome
    from linghun.core.memory import Memory, MemoryConfig
    home, tag, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    memory = Memory(MemoryHome.resolve(home), MemoryConfig(max_bytes=10**9))
    for i in range(count):
        memory.append("fact", f"writer {tag} item {i:04d} 并发写入", "medium")
""")


@pytest.mark.slow
def test_two_processes_appending_500_each_end_with_1000(empty_home):
    procs = [subprocess.Popen([sys.executable, "-c", APPENDER, str(empty_home), tag, "500"], cwd=REPO)
             for tag in ("A", "B")]
    for p in procs:
        assert p.wait(timeout=240) == 0
    entries = Memory(MemoryHome.resolve(empty_home)).entries()
    assert len(entries) == 1000
    bodies = {e.body for e in entries}
    assert len(bodies) == 1000
    for tag in ("A", "B"):  # each writer's own order is kept
        mine = [e.body for e in entries if e.body.startswith(f"writer {tag}")]
        assert mine == sorted(mine)


KILLED_WRITER = textwrap.dedent("""
    import sys
    from linghun.core.fsio import atomic_write
    path = sys.argv[1]
    n = 0
    print("ready", flush=True)
    while True:
        letter = "BC"[n % 2]
        atomic_write(path, letter * 4_000_000)
        n += 1
""")


def test_writer_killed_mid_write_leaves_old_or_new_file(tmp_path):
    target = tmp_path / "warm.md"
    atomic_write(target, "A" * 4_000_000)
    for delay in (0.05, 0.13, 0.31):
        proc = subprocess.Popen([sys.executable, "-c", KILLED_WRITER, str(target)], cwd=REPO,
                                stdout=subprocess.PIPE, text=True)
        assert proc.stdout.readline().strip() == "ready"
        time.sleep(delay)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        proc.stdout.close()
        data = target.read_bytes()
        assert len(data) == 4_000_000 and len(set(data)) == 1, "torn file"


def test_corrupt_json_is_quarantined_not_overwritten(upstream_home):
    home = MemoryHome.resolve(upstream_home)
    cycle = home.team_file("cycle.json")
    cycle.write_text('{"version": 1, "turnCount": ')
    with pytest.raises(CorruptFileError) as info:
        read_json(cycle)
    copy = info.value.quarantine
    assert copy.exists() and copy.name.startswith("cycle.json.") and copy.suffix == ".corrupt"
    assert copy.read_text() == cycle.read_text() == '{"version": 1, "turnCount": '
    assert "left untouched" in str(info.value)
    # the memory_read ledger reads it as the empty state and writes nothing
    assert "轮次 0；" in Memory(home).read()
    assert cycle.read_text() == '{"version": 1, "turnCount": '
    # reading the same broken file again does not pile up copies
    assert list(cycle.parent.glob("cycle.json.*.corrupt")) == [copy]


def test_every_fixture_file_reads(upstream_home):
    home = MemoryHome.resolve(upstream_home)
    for path in home.root.rglob("*"):
        if path.is_file() and path.suffix in (".md", ".jsonl"):
            assert read_text(path) is not None
        elif path.suffix == ".json":
            assert read_json(path) is not None


def test_file_stamp_tells_external_change(tmp_path):
    path = tmp_path / "x.md"
    atomic_write(path, "one")
    stamp = FileStamp.read(path)
    assert stamp.same_content(path)
    os.utime(path, ns=(1, 1))  # touched but identical bytes: still the same content
    assert stamp.same_content(path)
    path.write_text("two")
    assert not stamp.same_content(path)


def test_home_resolution(tmp_path, monkeypatch):
    monkeypatch.setenv("DSH_HOME", str(tmp_path / "env"))
    assert MemoryHome.resolve().root == (tmp_path / "env" / "linghun").resolve()
    assert MemoryHome.resolve(tmp_path / "explicit").root == (tmp_path / "explicit" / "linghun").resolve()
    monkeypatch.delenv("DSH_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "user"))
    assert MemoryHome.resolve().root == (tmp_path / "user" / ".dsh" / "linghun").resolve()


def test_legacy_team_dir_is_read_current_is_written(upstream_home):
    home = MemoryHome.resolve(upstream_home)
    (home.legacy_team_dir).mkdir()
    (home.legacy_team_dir / "notes.json").write_text(json.dumps({"a": 1}))
    assert home.team_file_for_reading("notes.json") == home.legacy_team_dir / "notes.json"
    assert home.team_file("notes.json") == home.team_dir / "notes.json"

"""What writes leave on disk: no write through a symlink out of the home, no temp file of a dead
writer left behind, and new files with the folder's default mode (not 0600)."""
from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from linghun.core.assembler.round import run_round
from linghun.core.errors import UnsafePathError
from linghun.core.fsio import STALE_TEMP_SECONDS, atomic_write
from linghun.core.home import MemoryHome
from linghun.core.memory import Memory
from linghun.core.tools import call

REPO = Path(__file__).resolve().parents[2]


def test_the_lock_file_and_trace_appends_never_follow_a_symlink_out_of_the_home(upstream_home, tmp_path):
    home = MemoryHome.resolve(upstream_home)
    outside = tmp_path / "outside.txt"
    outside.write_bytes(b"precious")
    tried = kept = 0

    # the lock file: a symlink to a file elsewhere would be truncated to hold our pid
    home.lock_path.unlink(missing_ok=True)
    home.lock_path.symlink_to(outside)
    reply = call(home, "memory_append", {"kind": "fact", "content": "订单服务 | 端口 | 8087 | #1"})
    tried += 1
    kept += outside.read_bytes() == b"precious"
    assert not reply["ok"] and "symbolic link" in reply["error"]["message"]
    home.lock_path.unlink()

    # a trace file of today that links out of the home
    traces = home.team_file("traces")
    traces.mkdir(parents=True, exist_ok=True)
    day = time.strftime("%Y-%m-%d")
    (traces / f"{day}.jsonl").symlink_to(outside)
    result = run_round(home, "订单服务现在跑在哪个端口？")
    tried += 1
    kept += outside.read_bytes() == b"precious"
    assert "symbolic link" in (result.error or ""), "the round says why its trace was not saved"
    (traces / f"{day}.jsonl").unlink()

    # the traces folder itself leading out of the home
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    traces.rename(tmp_path / "old-traces")
    traces.symlink_to(elsewhere, target_is_directory=True)
    result = run_round(home, "订单服务现在跑在哪个端口？")
    tried += 1
    kept += not any(elsewhere.iterdir())
    print(f"\nsymlinks out of the home: tried {tried}, passed {kept}, lost {tried - kept}")
    assert kept == tried


def test_unsafe_path_error_names_the_file(tmp_path):
    err = UnsafePathError(tmp_path / "x", "it is a symbolic link")
    assert "x: it is a symbolic link" in str(err) and err.exit_code == 5


KILLED_WRITER = """
import os, sys
from pathlib import Path
from linghun.core import fsio
path = Path(sys.argv[1])
real_replace = os.replace
def stop(src, dst):  # killed after the temp file is written, before it is renamed
    os.kill(os.getpid(), 9)
os.replace = stop
fsio.atomic_write(path, b"x" * 65536)
"""


def test_temp_files_of_killed_writers_are_removed_when_the_home_is_opened(upstream_home):
    home = MemoryHome.resolve(upstream_home)
    for _ in range(5):
        proc = subprocess.run([sys.executable, "-c", KILLED_WRITER, str(home.warm)], cwd=REPO)
        assert proc.returncode == -signal.SIGKILL
    old_style = home.memory / ".cold.md.abc123xy.tmp"  # a temp name without a pid, an hour old
    old_style.write_bytes(b"y")
    os.utime(old_style, (time.time() - STALE_TEMP_SECONDS - 60,) * 2)
    mine = home.memory / f".rules.md.{os.getpid()}-0123456789.tmp"  # a write in progress here
    mine.write_bytes(b"z")
    left = sorted(home.root.rglob("*.tmp"))
    assert len(left) == 7
    Memory(home)  # opening the home
    after = sorted(home.root.rglob("*.tmp"))
    print(f"\ntemp files of killed writers: left {len(left) - 1}, removed {len(left) - len(after)}, "
          f"kept the live one: {after == [mine]}")
    assert after == [mine]


def test_new_files_take_the_folders_default_mode_and_replaced_files_keep_theirs(tmp_path):
    old = os.umask(0o022)
    try:
        atomic_write(tmp_path / "new.md", "x")
        assert stat.S_IMODE((tmp_path / "new.md").stat().st_mode) == 0o644
        (tmp_path / "shared.md").write_text("x")
        os.chmod(tmp_path / "shared.md", 0o664)
        atomic_write(tmp_path / "shared.md", "y")
        assert stat.S_IMODE((tmp_path / "shared.md").stat().st_mode) == 0o664
        os.umask(0o002)
        atomic_write(tmp_path / "group.md", "x")
        assert stat.S_IMODE((tmp_path / "group.md").stat().st_mode) == 0o664
    finally:
        os.umask(old)


@pytest.mark.skipif(not hasattr(os, "O_NOFOLLOW"), reason="POSIX only")
def test_a_new_journal_day_is_readable_by_the_agents_group(upstream_home):
    old = os.umask(0o002)
    try:
        Memory(MemoryHome.resolve(upstream_home)).journal_append("你好", "你好")
    finally:
        os.umask(old)
    day = sorted(MemoryHome.resolve(upstream_home).journal_dir.glob("*.md"))[-1]
    assert stat.S_IMODE(day.stat().st_mode) == 0o664

"""A one-shot command writes its states down for the home's history (core/history/spool.py); the
next reader commits them, in order, with their writers, and trusts none it cannot read."""
import subprocess
import sys

import pytest

from linghun.core.cli import main
from linghun.core.history import capture, spool
from linghun.core.home import MemoryHome
from tests.conftest import REPO

WARM = "memory/warm.md"


@pytest.fixture
def home(upstream_home):
    yield MemoryHome.resolve(upstream_home)
    capture.recorder.disable(MemoryHome.resolve(upstream_home))


def _append(upstream_home, text: str) -> bytes:
    assert main(["append", "fact", text, "--home", str(upstream_home)]) == 0
    return (MemoryHome.resolve(upstream_home).warm).read_bytes()


def test_an_agent_command_loads_no_libgit2_and_the_next_reader_commits_its_state(home, upstream_home):
    # the agent's own path: a fresh process per command
    script = ("import sys; from linghun.core.cli import main; rc = main(sys.argv[1:]); "
              "print('pygit2' in sys.modules); sys.exit(rc)")
    done = subprocess.run([sys.executable, "-c", script, "append", "fact", "订单服务 | 端口 | 9091 | #9",
                           "--home", str(upstream_home)], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "False"
    assert len(spool.waiting(home)) == 1

    log = subprocess.run([sys.executable, "-m", "linghun.core", "history", "log", WARM, "--json",
                          "--home", str(upstream_home)], cwd=REPO, capture_output=True, text=True, timeout=120)
    assert log.returncode == 0, log.stderr
    assert spool.waiting(home) == []
    history = capture.history_of(home)
    assert history.read(WARM) == home.warm.read_bytes()
    assert history.versions(WARM)[0].writer == "cli"


def test_states_are_committed_oldest_first_each_with_its_bytes(home, upstream_home):
    written = [_append(upstream_home, f"spool {i} | 顺序 | {i}") for i in range(3)]
    assert len(spool.waiting(home)) == 3
    history = capture.history_of(home)
    assert spool.waiting(home) == []
    kept = [history.repo[v.blob].data for v in history.versions(WARM)][:3]
    assert kept == list(reversed(written))
    assert {v.writer for v in history.versions(WARM)[:3]} == {"cli"}


@pytest.mark.parametrize("damage", ["cut short", "path outside the layout", "not a state"])
def test_a_state_that_cannot_be_trusted_is_set_aside_and_never_committed(home, upstream_home, damage):
    first = _append(upstream_home, "spool 受损之前 | x | 1")
    second = _append(upstream_home, "spool 受损 | x | 2")
    third = _append(upstream_home, "spool 受损之后 | x | 3")
    bad = spool.waiting(home)[1]
    raw = bad.read_bytes()
    if damage == "cut short":
        bad.write_bytes(raw[:-10])
    elif damage == "path outside the layout":
        bad.write_bytes(raw.replace(WARM.encode(), b"../../etc/warm.md", 1))
    else:
        bad.write_bytes(b"\x00garbage\n" + raw)
    history = capture.history_of(home)
    kept = [history.repo[v.blob].data for v in history.versions(WARM)]
    assert second not in kept and kept[:2] == [third, first]
    assert spool.waiting(home) == []
    left = [p.name for p in spool.folder_of(home).iterdir()]
    assert len(left) == 1 and left[0].endswith(".corrupt")  # set aside, not deleted


def test_a_command_that_finds_too_many_waiting_commits_them(home, upstream_home, monkeypatch):
    monkeypatch.setattr(spool, "MAX_STATES", 2)
    _append(upstream_home, "spool 一 | x | 1")
    _append(upstream_home, "spool 二 | x | 2")
    assert len(spool.waiting(home)) == 2
    last = _append(upstream_home, "spool 三 | x | 3")  # a third: over the limit, committed at its end
    assert spool.waiting(home) == []
    assert capture.history_of(home).read(WARM) == last


def test_with_history_off_nothing_is_written_down(home, upstream_home):
    home.config.write_text('{"history": {"enabled": false}}', encoding="utf-8")
    _append(upstream_home, "spool 关闭 | x | 1")
    assert spool.waiting(home) == []

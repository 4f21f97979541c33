"""The home's history: capture on our writes, by ``linghun watch``, blame, restore, retention."""
import json
import os
import subprocess
import sys
import threading
import time
from datetime import datetime, timedelta

import pygit2
import pytest

from linghun.core.cli import main
from linghun.core.formats.warm import parse_warm
from linghun.core.history import capture, objects, store
from linghun.core.history.entries import blame, key_for_number
from linghun.core.history.layout import history_location
from linghun.core.history.store import HomeHistory
from linghun.core.home import MemoryHome
from linghun.core.tools import dispatch
from tests.conftest import REPO
from tests.reliability import racer


@pytest.fixture
def home(upstream_home):
    yield MemoryHome.resolve(upstream_home)
    capture.recorder.disable(MemoryHome.resolve(upstream_home))


def _wait_for(condition, timeout=20.0):
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.02)


def _warm_writers(history):
    return [v.writer for v in history.versions("memory/warm.md")]


def test_history_lives_outside_the_home_in_the_data_folder(home, tmp_path):
    history = HomeHistory(home)
    assert history.path == history_location(home)
    assert not history.path.is_relative_to(home.dsh_home)
    assert (history.path / "linghun-home").read_text().strip() == str(home.root)


def test_cli_and_tool_writes_are_recorded_with_their_writer(home, upstream_home):
    before = home.warm.read_bytes()
    assert main(["append", "fact", "订单服务 | 端口 | 9090 | #9", "-c", "high", "--home", str(upstream_home)]) == 0
    after_cli = home.warm.read_bytes()
    dispatch(home, "memory_append", {"kind": "rule", "content": "发布前先跑回归测试", "confidence": "high"})
    capture.flush()
    history = capture.history_of(home)
    versions = history.versions("memory/warm.md")
    assert [v.writer for v in versions] == ["tool", "cli"]
    assert history.read("memory/warm.md", commit=versions[1].commit) == after_cli
    assert history.read("memory/warm.md", commit=versions[0].commit) == home.warm.read_bytes()
    assert before != after_cli


def test_watch_once_records_the_agents_changes_and_removals(home, upstream_home):
    assert main(["watch", "--once", "--home", str(upstream_home)]) == 0
    history = capture.history_of(home)
    first = history.head()
    assert history.version_of(first).writer == "agent"
    assert history.read("memory/cold.md") == home.cold.read_bytes()
    home.rules.unlink()
    home.warm.write_text(home.warm.read_text(encoding="utf-8") + "\n## 2026-10-08 09:00 [rule] high\n\n先备份\n",
                         encoding="utf-8")
    (home.team_dir / "traces").mkdir(exist_ok=True)
    (home.team_dir / "traces" / "2026-10-08.jsonl").write_text("{}\n", encoding="utf-8")
    assert main(["watch", "--once", "--home", str(upstream_home)]) == 0
    head = history.head()
    assert set(history.version_of(head).paths) == {"memory/warm.md", "memory/rules.md"}
    assert history.read("memory/rules.md") is None
    assert history.read("memory/rules.md", commit=str(first.id)) is not None
    assert "memory/team/traces/2026-10-08.jsonl" not in history.files(head)
    # nothing changed: no new state
    assert main(["watch", "--once", "--home", str(upstream_home)]) == 0
    assert history.head().id == head.id


@pytest.mark.slow
def test_watch_process_keeps_every_version_an_agent_process_writes(home, upstream_home):
    watcher = subprocess.Popen([sys.executable, "-m", "linghun.core", "watch", "--interval", "0.05", "--home",
                                str(upstream_home)], cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
    agent = subprocess.Popen([sys.executable, "-m", "tests.agent_sim", str(upstream_home)], cwd=REPO,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        watcher.stderr.readline()  # "watching ..." once the first look is recorded
        texts = [home.warm.read_text(encoding="utf-8") + f"\n## 2026-10-08 1{i}:00 [fact] high\n\n版本 | 第 {i} 版 | {i} | #{i}\n"
                 for i in range(4)]
        for i, text in enumerate(texts):
            agent.stdin.write(json.dumps({"op": "warm", "text": text}, ensure_ascii=False) + "\n")
            agent.stdin.flush()
            assert agent.stdout.readline().strip() == "ok"
            _wait_for(lambda: HomeHistory(home).read("memory/warm.md") == text.encode("utf-8"))
        agent.stdin.close()
        assert agent.wait(timeout=30) == 0
    finally:
        agent.stdout.close()
        watcher.terminate()
        watcher.communicate(timeout=30)  # closes its pipes
    history = HomeHistory(home)
    kept = [history.repo[v.blob].data.decode("utf-8") for v in history.versions("memory/warm.md")]
    assert kept[:4] == list(reversed(texts))
    assert set(_warm_writers(history)) == {"agent"}


def test_blame_names_who_created_and_who_changed_an_entry(home, upstream_home):
    assert main(["watch", "--once", "--home", str(upstream_home)]) == 0  # the agent's entries
    assert main(["append", "fact", "订单服务 | 端口 | 9090 | #9", "-c", "high", "--update", "[8]",
                 "--home", str(upstream_home)]) == 0  # flips [8]
    capture.flush()
    history = capture.history_of(home)
    key = key_for_number(home.warm.read_text(encoding="utf-8"), 8)
    result = blame(history, key)
    assert result["created"]["writer"] == "agent"
    assert result["last"]["writer"] == "cli"
    assert result["last"]["change"] == "flipped"
    assert result["last"]["text"].splitlines()[0].endswith(" wrong")


def test_restore_brings_back_the_exact_bytes_and_is_itself_a_version(home, upstream_home, capsys):
    assert main(["watch", "--once", "--home", str(upstream_home)]) == 0
    original = home.warm.read_bytes()
    first = str(capture.history_of(home).head().id)
    home.warm.write_text("## 2026-10-09 10:00 [fact] high\n\n被覆盖了\n", encoding="utf-8")
    assert main(["watch", "--once", "--home", str(upstream_home)]) == 0
    assert main(["history", "restore", "memory/warm.md", "--commit", first, "--yes", "--home", str(upstream_home)]) == 0
    capture.flush()
    assert home.warm.read_bytes() == original
    assert _warm_writers(capture.history_of(home)) == ["cli", "agent", "agent"]


def test_restore_of_one_entry_keeps_every_other_byte(home, upstream_home):
    assert main(["watch", "--once", "--home", str(upstream_home)]) == 0
    first = str(capture.history_of(home).head().id)
    text = home.warm.read_text(encoding="utf-8")
    third = parse_warm(text).entries[2].raw
    # the agent edits entry [3] and appends a new one
    edited = text.replace(third, third.replace("\n\n", "\n\n改过的 ", 1), 1) + "\n## 2026-10-09 [rule] high\n\n新规则\n"
    home.warm.write_text(edited, encoding="utf-8")
    assert main(["watch", "--once", "--home", str(upstream_home)]) == 0
    assert main(["history", "restore", "--entry", "[3]", "--commit", first, "--yes", "--home", str(upstream_home)]) == 0
    restored = home.warm.read_text(encoding="utf-8")
    assert restored == text + "\n## 2026-10-09 [rule] high\n\n新规则\n"


def test_the_home_as_it_stood_at_a_past_moment(home, tmp_path):
    history = HomeHistory(home)
    t0 = datetime(2026, 10, 1, 9, 0).astimezone()
    history.record({"memory/warm.md": b"v1\n", "memory/cold.md": b"cold\n"}, "agent", t0)
    history.record({"memory/warm.md": b"v2\n"}, "workbench", t0 + timedelta(hours=2))
    history.record({"memory/cold.md": None}, "cli", t0 + timedelta(hours=4))
    assert history.read("memory/warm.md", t0 + timedelta(hours=1)) == b"v1\n"
    assert history.read("memory/warm.md", t0 - timedelta(hours=1)) is None
    past = history.materialize(t0 + timedelta(hours=3), tmp_path / "then")
    assert past.warm.read_bytes() == b"v2\n" and past.cold.read_bytes() == b"cold\n"
    now = history.materialize(None, tmp_path / "now")
    assert not now.cold.exists()


def test_prune_folds_old_states_and_keeps_newer_ones_readable(home, monkeypatch):
    history = HomeHistory(home)
    now = datetime(2026, 12, 1, 12, 0).astimezone()
    for day in range(10, 0, -1):
        history.record({"memory/journal/d.md": f"day {day}\n".encode()}, "agent", now - timedelta(days=day))
    assert len(list(history.commits())) == 10
    assert history.prune(keep_days=5, now=now) == 4  # days 10..7 folded into day 6
    states = list(history.commits())
    assert len(states) == 6  # the base (as it stood 6 days ago) and the 5 newer ones
    assert history.read("memory/journal/d.md", commit=str(states[-1].id)) == b"day 6\n"
    assert history.read("memory/journal/d.md") == b"day 1\n"
    # the folded states' objects stay loose for the grace period (another writer may need them)...
    reachable = {str(c.id) for c in states} | {str(c.tree_id) for c in states}
    left = {hexid for hexid, _ in history.loose.names()}
    assert left and not left & reachable
    # ...and go at the next pack once older than that
    monkeypatch.setattr(objects, "PRUNE_GRACE_SECONDS", -1)
    history.pack()
    assert not list(history.loose.names())
    assert history.read("memory/journal/d.md", commit=str(states[-1].id)) == b"day 6\n"


def test_one_shot_writers_each_committing_a_few_states_still_get_their_objects_packed(home, monkeypatch):
    """Each of the agent's commands commits a few states and ends: no process reaches
    ``PACK_EVERY`` commits, so the loose objects are counted (estimated) instead."""
    monkeypatch.setattr(store, "PACK_LOOSE", 100)
    monkeypatch.setattr(store, "PACK_LIMIT", 2)
    packs_seen = set()
    for i in range(120):  # a new process each time
        HomeHistory(home).record({f"memory/journal/{i % 7}.md": f"turn {i}\n".encode() * 30}, "cli")
        packs = {p.name for p in (HomeHistory(home).path / "objects" / "pack").glob("*.pack")}
        assert len(packs) <= 2  # the loose objects packed beside the others, then all in one
        packs_seen |= packs
    history = HomeHistory(home)
    loose = sum(1 for _ in history.loose.names())
    assert len(packs_seen) > 2 and loose < 100 + 60
    assert abs(history.loose.estimate() - loose) <= max(64, loose)  # a rough count, from 16 folders
    # every state reads back, from whichever pack holds it
    states = list(history.commits())
    assert len(states) == 120
    for age, commit in enumerate(states):
        i = 119 - age
        assert history.read(f"memory/journal/{i % 7}.md", commit=str(commit.id)) == f"turn {i}\n".encode() * 30


def test_history_setting_off_records_nothing(home, upstream_home):
    assert main(["aliases", "memory", "--set", "订单=订单服务", "--home", str(upstream_home)]) == 0
    cfg = json.loads(home.config.read_text(encoding="utf-8"))
    cfg["history"] = {"enabled": False}
    home.config.write_text(json.dumps(cfg), encoding="utf-8")
    capture.recorder.disable(home)
    assert main(["append", "rule", "不记录历史", "--home", str(upstream_home)]) == 0
    assert main(["history", "--home", str(upstream_home)]) == 2
    assert capture.history_of(home) is None


def test_history_cli_lists_versions_and_shows_a_past_file(home, upstream_home, capsys):
    assert main(["watch", "--once", "--home", str(upstream_home)]) == 0
    original = home.warm.read_bytes()
    assert main(["append", "rule", "改表前先备份", "--home", str(upstream_home)]) == 0
    capsys.readouterr()
    assert main(["history", "log", "memory/warm.md", "--json", "--home", str(upstream_home)]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["writer"] for r in rows] == ["cli", "agent"]
    assert main(["history", "show", "memory/warm.md", "--commit", rows[1]["commit"], "--home",
                 str(upstream_home)]) == 0
    assert capsys.readouterr().out.encode("utf-8") == original
    assert main(["history", "blame", "[1]", "--home", str(upstream_home)]) == 0
    assert "agent" in capsys.readouterr().out
    assert main(["history", "show", "memory/warm.md", "--at", "yesterday", "--home", str(upstream_home)]) == 2


def test_an_entry_whose_number_moved_is_still_itself(home):
    history = HomeHistory(home)
    text = "## 2026-10-01 10:00 [fact] high\n\na\n\n## 2026-10-01 10:00 [fact] high\n\nb\n"
    history.record({"memory/warm.md": text.encode()}, "agent")
    moved = "## 2026-09-01 [rule] low\n\nz\n\n" + text
    history.record({"memory/warm.md": moved.encode()}, "cli")
    result = blame(history, key_for_number(moved, 3))
    assert [v["change"] for v in result["versions"]] == ["created"]
    assert result["created"]["writer"] == "agent" and result["created"]["text"].endswith("\n\nb\n")


def test_a_captured_blob_is_the_object_git_would_write(home):
    """Blobs are written by our own code (off the GIL); git must read them as its own."""
    history = HomeHistory(home)
    data = home.warm.read_bytes() * 50
    oid = history._write_blob(data)
    assert str(oid) == str(pygit2.hash(data))
    assert history.repo[oid].data == data
    assert history._write_blob(data) == oid  # an existing object is not rewritten
    git = subprocess.run(["git", "--git-dir", str(history.path), "cat-file", "-p", str(oid)],
                         capture_output=True, check=False)
    if git.returncode != 127 and git.stdout:
        assert git.stdout == data


@pytest.mark.parametrize("command", [["--help"], ["read"], ["entries"]])
def test_read_only_commands_do_not_load_libgit2(upstream_home, tmp_path, command):
    """Every command installs the capture hook; only a command that writes (or reads the
    history) may pay for importing libgit2."""
    code = ("import sys, contextlib, io\nfrom core.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):\n"
            f"    main({command!r} + ['--home', {str(upstream_home)!r}])\n"
            "print('pygit2' in sys.modules)")
    env = {**__import__("os").environ, "LINGHUN_DATA_DIR": str(tmp_path / "data")}
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip().splitlines()[-1] == "False", done.stderr


def test_the_capture_thread_yields_the_cpu_to_writers():
    if not sys.platform.startswith("linux"):
        pytest.skip("a thread has its own nice value on Linux only")
    base = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
    seen = []

    def capture_thread():
        capture._lower_priority()
        seen.append(os.getpriority(os.PRIO_PROCESS, threading.get_native_id()))

    thread = threading.Thread(target=capture_thread)
    thread.start()
    thread.join()
    assert seen == [min(19, base + capture.CAPTURE_NICE)]
    assert os.getpriority(os.PRIO_PROCESS, threading.get_native_id()) == base  # the writer's is unchanged


def test_a_capture_overtaken_by_a_newer_one_leaves_the_file_as_on_disk_newest(home):
    """Two processes write warm.md one after the other; the second one's capture commits first.
    The first one's version is kept, and the newest state is still the file's final bytes."""
    first, second = HomeHistory(home), HomeHistory(home)  # one per process, one repository
    older = home.warm.read_bytes() + "\n## 2026-10-08 09:00 [rule] high\n\n先写的\n".encode()
    newer = older + "\n## 2026-10-08 09:01 [rule] high\n\n后写的\n".encode()
    home.warm.write_bytes(newer)  # the file's final bytes: the second writer's
    second.record({"memory/warm.md": newer}, "tool")
    first.record({"memory/warm.md": older}, "cli")  # late: its writer was slower to the lock
    assert first.read("memory/warm.md") == home.warm.read_bytes() == newer
    kept = [(v.writer, first.blob_data(v.blob)) for v in first.versions("memory/warm.md")]
    assert kept == [("tool", newer), ("cli", older), ("tool", newer)]
    assert first.record({"memory/warm.md": newer}, "tool") is None  # nothing left to catch up


@pytest.mark.slow
def test_processes_capturing_one_file_at_once_end_on_its_final_bytes(home, upstream_home):
    shared = home.root / racer.SHARED
    # each round all three write at once and record after a delay of their own: the last to
    # record is often not the last to write (and the first round opens the history at once)
    for round_ in range(4):
        start = str(time.time() + 2.0)
        procs = [subprocess.Popen([sys.executable, "-m", "tests.reliability.racer", str(upstream_home),
                                   f"r{round_}w{k}", "2", "200", start], cwd=REPO) for k in range(3)]
        assert [p.wait(timeout=120) for p in procs] == [0, 0, 0]
        assert HomeHistory(home).read(racer.SHARED) == shared.read_bytes()


@pytest.mark.parametrize("data", [b"", b"x", "暖态 | 条目\n".encode() * 100_000])
def test_a_version_s_id_is_git_s_blob_id(data):
    """Hashed with hashlib (which lets other threads run over a big file), the id is git's own."""
    assert HomeHistory.blob_id(data) == str(pygit2.hash(data))

"""The home watcher: external changes reported, own writes not, atomic saves followed."""
from __future__ import annotations

from linghun.core.events import EventBus
from linghun.core.home import MemoryHome
from linghun.core.memory import Memory
from tests.workbench.test_app_helpers import external_write
from linghun.workbench.filewatch import HomeWatcher


def _watcher(upstream_home, bus):
    home = MemoryHome.resolve(upstream_home)
    return home, HomeWatcher(home, debounce_ms=50, event_bus=bus)


def test_external_atomic_saves_are_reported_each_time(qtbot, upstream_home):
    bus = EventBus()
    home, watcher = _watcher(upstream_home, bus)
    try:
        for i in range(2):  # the second save proves the path was re-watched after the rename
            with qtbot.waitSignal(watcher.sig_external_change, timeout=1000) as blocker:
                external_write(home.warm, home.warm.read_bytes() + f"\n<!-- {i} -->\n".encode())
            assert str(home.warm) in blocker.args[0]
    finally:
        watcher.close()


def test_new_files_in_new_folders_are_reported(qtbot, upstream_home):
    home, watcher = _watcher(upstream_home, EventBus())
    try:
        with qtbot.waitSignal(watcher.sig_external_change, timeout=1000) as blocker:
            home.journal_file("2026-10-20").write_text("\n2026-10-20 10:00:00\n用户：你好\n", encoding="utf-8")
        assert str(home.journal_file("2026-10-20")) in blocker.args[0]
    finally:
        watcher.close()


def test_own_writes_are_not_external(qtbot, upstream_home):
    bus = EventBus()
    home, watcher = _watcher(upstream_home, bus)
    memory = Memory(home, events=bus)
    external = []
    watcher.sig_external_change.connect(external.append)
    try:
        with qtbot.waitSignal(watcher.sig_own_change, timeout=1000):
            memory.append("fact", "自己写的 | 值 | 1")
        qtbot.wait(150)
        assert external == []
    finally:
        watcher.close()


def test_a_burst_of_writes_is_one_report(qtbot, upstream_home):
    home, watcher = _watcher(upstream_home, EventBus())
    reports = []
    watcher.sig_external_change.connect(reports.append)
    try:
        for i in range(5):
            home.rules.write_text(f"## 规则\n\n- r{i}\n", encoding="utf-8")
        qtbot.waitUntil(lambda: bool(reports), timeout=1000)
        qtbot.wait(150)
        assert len(reports) == 1
    finally:
        watcher.close()


def test_a_scan_that_fails_does_not_stop_the_watching(qtbot, upstream_home, caplog):
    home, watcher = _watcher(upstream_home, EventBus())
    compare, calls = watcher._compare, []

    def fails_once():
        calls.append(1)
        if len(calls) == 1:
            raise OSError("a folder vanished mid-scan")
        return compare()

    watcher._compare = fails_once
    try:
        home.rules.write_text("## 规则\n\n- 第一次\n", encoding="utf-8")
        qtbot.waitUntil(lambda: bool(calls) and watcher._scanning is None, timeout=2000)
        assert "scanning the home failed" in caplog.text
        with qtbot.waitSignal(watcher.sig_external_change, timeout=2000) as blocker:
            home.rules.write_text("## 规则\n\n- 第二次\n", encoding="utf-8")
        assert str(home.rules) in blocker.args[0]
    finally:
        watcher.close()


def test_a_file_written_just_before_the_watch_and_rewritten_at_once_is_reported(qtbot, upstream_home):
    """A file changed within the racy window before the watcher started is hashed on the scanning
    thread, not while the home opens; a same-size rewrite right after is still a change."""
    home = MemoryHome.resolve(upstream_home)
    home.rules.write_text("## 规则\n\n- r1\n", encoding="utf-8")  # racy when the watch starts
    watcher = HomeWatcher(home, debounce_ms=50, event_bus=EventBus())
    reports = []
    watcher.sig_external_change.connect(reports.append)
    try:
        home.rules.write_text("## 规则\n\n- r2\n", encoding="utf-8")  # in place, the same size
        qtbot.waitUntil(lambda: any(str(home.rules) in r for r in reports), timeout=2000)
        reports.clear()
        qtbot.wait(200)
        assert reports == []  # and only once: the racy stamp was not taken as another change
    finally:
        watcher.close()

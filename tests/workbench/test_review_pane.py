"""The Review pane through the real main window: an agent process writes the home (appends,
a flip by update, a near-duplicate merge, a consolidation), the queue lists each change with its
consequence, keys go through it, reject of the flip brings the old fact back and keeps the later
appends byte for byte, accept clears the count, a contradiction is caught, a held write reaches
warm.md only after accept."""
from __future__ import annotations

import errno
import json
import os
import shutil
import subprocess
import sys

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from linghun import resources
from linghun.core.home import MemoryHome
from linghun.core.fsio import read_bytes
from linghun.core.memory import Memory
from linghun.core.review import service
from linghun.core.transaction import JOURNAL_DIR
from linghun.workbench.models.review import ReviewModel
from linghun.workbench.panes.review.pane import age_text
from linghun.workbench.settings import Settings
from tests.conftest import REPO


def agent(dsh, *argv: str) -> dict | str:
    """The agent: ``linghun`` run in a process of its own on the home."""
    done = subprocess.run([sys.executable, "-m", "linghun.core", *argv, "--home", str(dsh), "--json"], cwd=REPO,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    try:
        return json.loads(done.stdout)
    except json.JSONDecodeError:
        return done.stdout


@pytest.fixture
def window(tmp_path, qtbot):
    from linghun.workbench.main_window import MainWindow

    shutil.copytree(resources.DEMO_HOME_DIR, tmp_path / "dsh")
    win = MainWindow(Settings(tmp_path / "settings.ini"))
    qtbot.addWidget(win)
    win.resize(1280, 800)
    win.show()
    assert win.open_home(tmp_path / "dsh", remember=False)
    yield win
    win.close()


def _pane(window, qtbot):
    pane = window.pane("review")
    assert pane is not None
    dock = window.docks["review"]
    dock.show()
    dock.raise_()
    qtbot.waitUntil(lambda: pane.queue is not None and not pane.is_building(), timeout=30000)
    pane.view.setFocus()
    return pane


def _refresh(pane, qtbot):
    """Reload, as the toolbar's button does, and wait for the queue."""
    with qtbot.waitSignal(pane.sig_rebuilt, timeout=30000):
        pane.act_reload.trigger()
    qtbot.waitUntil(lambda: not pane.is_building(), timeout=30000)


def _accept_everything(pane, qtbot):
    pane.view.setFocus()
    pane.view.selectAll()
    with qtbot.waitSignal(pane.sig_unreviewed, timeout=30000, check_params_cb=lambda n, age: n == 0):
        QTest.keyClick(pane.view, Qt.Key.Key_A)
    qtbot.waitUntil(lambda: not pane.is_building(), timeout=30000)


def _row(pane, kind):
    return next(i for i in pane.model.items() if i.kind == kind)


def test_model_passes_qtmodeltester(qtmodeltester, tmp_path):
    from linghun.core.review.queue import ReviewItem
    from datetime import datetime

    model = ReviewModel()
    model.set_items([ReviewItem("abc123def456", "append", "agent", datetime.now().astimezone(), "memory/warm.md",
                                "0" * 40, ["adds fact [1] x"], "+x\n")])
    qtmodeltester.check(model, force_py=True)


def test_age_is_said_shortly():
    from datetime import datetime, timedelta

    now = datetime(2026, 10, 7, 12, 0).astimezone()
    assert age_text(None) == ""
    assert age_text(now - timedelta(minutes=5), now) == "5 min"
    assert age_text(now - timedelta(hours=3), now) == "3 h"
    assert age_text(now - timedelta(days=2), now) == "2 d"


def test_the_agents_changes_listed_rejected_accepted_in_the_window(window, qtbot, tmp_path):
    dsh = tmp_path / "dsh"
    pane = _pane(window, qtbot)
    if pane.model.items():
        _accept_everything(pane, qtbot)
    counts = []
    pane.sig_unreviewed.connect(lambda n, age: counts.append((n, age)))
    home = MemoryHome.resolve(dsh)
    # the agent, in its own processes: consolidates, appends, flips by update, merges, appends more
    agent(dsh, "consolidate")
    agent(dsh, "append", "fact", "支付网关 | 端口 | 8443 | 运维手册", "--confidence", "high")
    agent(dsh, "append", "fact", "支付网关 | 超时 | 30s | 配置")
    agent(dsh, "append", "fact", "支付网关 | 端口 | 9443 | 变更单", "--update", "[1]")
    agent(dsh, "append", "fact", "支付网关 | 超时 | 30s | 配置中心")  # a near duplicate of [2]
    before_later = home.warm.read_bytes()
    agent(dsh, "append", "event", "值班 | 重启 | 支付网关 | | 夜间")
    agent(dsh, "append", "fact", "账单服务 | 端口 | 7001 | 运维")
    later = home.warm.read_bytes()[len(before_later):]
    _refresh(pane, qtbot)
    kinds = [i.kind for i in pane.model.items()]
    for kind in ("consolidate", "append", "update", "merge"):
        assert kind in kinds
    update = _row(pane, "update")
    assert update.consequences[0] == "retires fact [1] 支付网关 | 端口 | 8443 | 运维手册"
    assert _row(pane, "merge").consequences[0] == "merges into [2], confidence medium → medium"
    assert any(c.startswith("moves ") and "knowledge ontology" in c for c in _row(pane, "consolidate").consequences)
    assert pane.status.text().startswith(f"{len(kinds)} changes to review")
    assert window.pane_notes.note("review").startswith(f"{len(kinds)} to review (oldest ")
    assert f" · {len(kinds)} to review (oldest " in window.windowTitle()  # never unseen: the title says it too
    # j / k and d: through the list, the diff shown and hidden
    pane.select(pane.model.items()[0].id)
    pane.view.setFocus()
    QTest.keyClick(pane.view, Qt.Key.Key_J)
    assert pane.current_id() == pane.proxy.index(1, 0).data(ReviewModel.IdRole)
    QTest.keyClick(pane.view, Qt.Key.Key_K)
    assert pane.current_id() == pane.model.items()[0].id
    assert pane.diff.isVisible()
    QTest.keyClick(pane.view, Qt.Key.Key_D)
    assert not pane.diff.isVisible()
    QTest.keyClick(pane.view, Qt.Key.Key_D)
    # filters: one kind
    pane.set_filters(kind="update")
    assert pane.proxy.rowCount() == 1
    pane.set_filters()
    # reject the flip: r, one undo step; the old fact is back, the later appends byte for byte
    assert pane.select(update.id)
    steps = window.ctx.undo.stack.count()
    with qtbot.waitSignal(pane.sig_rebuilt, timeout=30000):
        QTest.keyClick(pane.view, Qt.Key.Key_R)
    qtbot.waitUntil(lambda: not pane.is_building() and pane.model.item(update.id) is None, timeout=30000)
    assert window.ctx.undo.stack.count() == steps + 1
    entries = Memory(home).entries()
    assert entries[0].body == "支付网关 | 端口 | 8443 | 运维手册" and entries[0].effective_confidence == "high"
    assert "9443" not in home.warm.read_text()
    assert home.warm.read_bytes().endswith(later)
    rejected = home.warm.read_bytes()
    # Edit > Undo brings the change back into the file and into the queue; Redo rejects it again
    with qtbot.waitSignal(pane.sig_rebuilt, timeout=30000):
        window.act_undo.trigger()
    qtbot.waitUntil(lambda: not pane.is_building() and pane.model.item(update.id) is not None, timeout=30000)
    assert "9443" in home.warm.read_text() and Memory(home).entries()[0].is_wrong
    with qtbot.waitSignal(pane.sig_rebuilt, timeout=30000):
        window.act_redo.trigger()
    qtbot.waitUntil(lambda: not pane.is_building() and pane.model.item(update.id) is None, timeout=30000)
    assert home.warm.read_bytes() == rejected
    # a contradiction is caught: the agent states another port while 8443 stands
    agent(dsh, "append", "fact", "支付网关 | 端口 | 10443 | 口头")
    _refresh(pane, qtbot)
    newest = pane.model.items()[0]
    assert [c.message for c in newest.contradictions] == ["supersedes [1]? (支付网关 | 端口 | 8443)"]
    pane.select(newest.id)
    assert "supersedes [1]?" in pane.detail.text() and pane.act_flip_old.isEnabled()
    # Flip the old: [1] becomes wrong (an undo step), the new fact is accepted
    steps = window.ctx.undo.stack.count()
    pane.act_flip_old.trigger()
    qtbot.waitUntil(lambda: not pane.is_building() and pane.model.item(newest.id) is None, timeout=30000)
    assert Memory(home).entries()[0].is_wrong and window.ctx.undo.stack.count() == steps + 1
    # accept clears the count
    _accept_everything(pane, qtbot)
    assert counts[-1] == (0, "") and pane.status.text() == "nothing to review"
    assert window.pane_notes.note("review") == "" and "to review" not in window.windowTitle()


def test_a_held_write_reaches_warm_only_after_accept(window, qtbot, tmp_path):
    dsh = tmp_path / "dsh"
    pane = _pane(window, qtbot)
    if pane.model.items():
        _accept_everything(pane, qtbot)
    home = MemoryHome.resolve(dsh)
    said, show = [], window.ctx.show_message
    window.ctx.show_message = lambda message: (said.append(message), show(message))
    config = json.loads(home.config.read_text()) if home.config.exists() else {}
    config["review"] = {"hold": "all"}
    home.config.write_text(json.dumps(config), encoding="utf-8")
    result = agent(dsh, "tool", "memory_append", "--args",
                   json.dumps({"kind": "fact", "content": "发票服务 | 端口 | 8088 | 运维"}))
    assert result["held"] is True and "held for review" in result["note"]
    assert "发票服务" not in home.warm.read_text()
    read = agent(dsh, "tool", "memory_read")
    assert "【待审·pending】" in read["text"] and "发票服务 | 端口 | 8088" in read["text"]
    _refresh(pane, qtbot)
    held = _row(pane, "held")
    assert any("1 write(s) of the agent held for review" in m for m in said)  # said once, when it came
    assert pane.select(held.id)
    pane.view.setFocus()
    with qtbot.waitSignal(pane.sig_unreviewed, timeout=30000, check_params_cb=lambda n, age: n == 0):
        QTest.keyClick(pane.view, Qt.Key.Key_A)
    assert "发票服务 | 端口 | 8088 | 运维" in home.warm.read_text()


def test_a_reject_of_several_files_is_one_transaction_and_a_crash_midway_is_finished_on_opening(
        window, qtbot, tmp_path, monkeypatch):
    """Reject of a consolidation (warm.md and the archives it wrote) from the pane goes through
    ``core.transaction`` as the command line's does: undone and redone byte for byte, and a
    failure between two of its files is finished by the next opening of the home, never half."""
    dsh = tmp_path / "dsh"
    pane = _pane(window, qtbot)
    if pane.model.items():
        _accept_everything(pane, qtbot)
    home = MemoryHome.resolve(dsh)
    agent(dsh, "consolidate")
    agent(dsh, "append", "fact", "账单服务 | 端口 | 7001 | 运维")
    _refresh(pane, qtbot)
    item = _row(pane, "consolidate")
    plan = service.plan_reject(home, pane.queue.history, item)
    assert len(plan.files) >= 2 and "memory/warm.md" in plan.files
    files = lambda: {rel: read_bytes(home.root / rel) for rel in plan.files}  # noqa: E731
    consolidated, rejected = files(), {rel: new for rel, (_now, new) in plan.files.items()}
    assert consolidated == {rel: now for rel, (now, _new) in plan.files.items()}
    # r: every file rejected at once; Edit > Undo puts every one back byte for byte
    assert pane.select(item.id)
    pane.view.setFocus()
    with qtbot.waitSignal(pane.sig_rebuilt, timeout=30000):
        QTest.keyClick(pane.view, Qt.Key.Key_R)
    qtbot.waitUntil(lambda: not pane.is_building() and pane.model.item(item.id) is None, timeout=30000)
    assert files() == rejected and "账单服务 | 端口 | 7001" in home.warm.read_text()
    with qtbot.waitSignal(pane.sig_rebuilt, timeout=30000):
        window.act_undo.trigger()
    qtbot.waitUntil(lambda: not pane.is_building() and pane.model.item(item.id) is not None, timeout=30000)
    assert files() == consolidated
    # Redo, and the process fails after the commit point, between two files of the reject
    real_replace, moved, errors = os.replace, [], []

    def replace(src, dst, *args, **kwargs):
        if JOURNAL_DIR in str(src) and ".stage-" in str(src):
            moved.append(dst)
            if len(moved) == 2:
                raise OSError(errno.EIO, os.strerror(errno.EIO), str(dst))
        return real_replace(src, dst, *args, **kwargs)

    window.ctx.undo.sig_error.connect(errors.append)
    monkeypatch.setattr(os, "replace", replace)
    window.act_redo.trigger()
    qtbot.waitUntil(lambda: bool(errors), timeout=30000)
    monkeypatch.setattr(os, "replace", real_replace)
    assert "completed the next time the home is opened" in errors[-1]
    half = files()
    assert half != consolidated and half != rejected  # one file written, the rest recorded in the journal
    assert (home.root / JOURNAL_DIR / ".intent").exists()
    Memory(home)  # the next opening of the home
    assert files() == rejected and not (home.root / JOURNAL_DIR).exists()


def test_after_accept_the_next_change_is_current(window, qtbot, tmp_path):
    """Accept (A) takes the change out of the queue: the one below it becomes current, not the
    first of the list."""
    pane = _pane(window, qtbot)
    for n in range(6):  # the agent's writes, in its own processes
        agent(tmp_path / "dsh", "append", "fact", f"服务{n} | 端口 | {8000 + n} | 运维手册")
    _refresh(pane, qtbot)
    assert pane.proxy.rowCount() > 5
    ids = [pane.proxy.index(r, 0).data(ReviewModel.IdRole) for r in range(pane.proxy.rowCount())]
    rect = pane.view.visualRect(pane.proxy.index(3, 1))
    QTest.mouseClick(pane.view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert pane.current_id() == ids[3]
    with qtbot.waitSignal(pane.sig_rebuilt, timeout=30000):
        QTest.keyClick(pane.view, Qt.Key.Key_A)
    qtbot.waitUntil(lambda: not pane.is_building() and pane.model.item(ids[3]) is None, timeout=30000)
    assert pane.current_id() == ids[4] and pane.selected_ids() == [ids[4]]
    shown = pane.model.item(ids[4])  # the detail follows the new current change
    assert pane.detail.text().startswith(f"{shown.kind} · {shown.writer}") and shown.consequences[0] in pane.detail.text()

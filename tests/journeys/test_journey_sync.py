"""Journey: File > Sync keeps the window's home in step with another machine's through a bare git
remote. The first Sync asks for the remote (answered in its dialog) and merges the other
machine's entries in; the next uses the remembered remote, and an entry both machines changed
differently waits in the Review pane with both versions, the file keeping this machine's.

The other machine is another home with its own data folder, driven by ``linghun`` in a child
process, as a second computer would be."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QDialogButtonBox, QInputDialog, QLineEdit

from linghun.core.formats.warm import parse_warm
from tests.journeys.conftest import _when_modal as when_modal, click, click_cell, find_row, show_pane, wait_for

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="sync runs the git command")

OTHER = """## 2026-03-01 09:00 [fact] high

来自另一台机器 | 值 | 1

<!-- last_access: 2026-03-01 09:00 -->
"""

EDIT = """
import sys
from linghun.core.home import MemoryHome
from linghun.core.memory import Memory
memory = Memory(MemoryHome.resolve(sys.argv[1]))
entry = next(e for e in memory.entries() if sys.argv[2] in e.body)
memory.edit_entry(entry.id, body=sys.argv[3])
"""


def _machine_b(tmp_path: Path):
    """``run(*args)``: ``linghun ARGS --home B`` with B's own data folder, in a child process."""
    env = dict(os.environ, LINGHUN_DATA_DIR=str(tmp_path / "b-data"))

    def run(*args: str) -> str:
        got = subprocess.run([sys.executable, *args], env=env, capture_output=True, text=True, timeout=120)
        assert got.returncode == 0, got.stderr
        return got.stdout

    return run


def _answer_remote(url: str, shots=None) -> None:
    """Type ``url`` into the remote's question when it comes, and click OK."""
    def answer(dialog) -> bool:
        if not isinstance(dialog, QInputDialog):
            return False
        assert "git remote" in dialog.labelText()
        field = dialog.findChild(QLineEdit)
        field.selectAll()
        QTest.keyClicks(field, url)
        if shots is not None:
            shots(dialog, "sync-remote")
        click(dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok))
        return True

    when_modal(answer, 15000)


def test_file_sync_merges_the_other_machine_and_sends_conflicts_to_review(journey_window, demo_home, tmp_path, shots):
    remote = tmp_path / "remote.git"
    subprocess.run(["git", "init", "--bare", "-q", "-b", "main", str(remote)], check=True)
    b = tmp_path / "b"
    (b / "linghun" / "memory").mkdir(parents=True)
    (b / "linghun" / "memory" / "warm.md").write_text(OTHER, encoding="utf-8")
    on_b = _machine_b(tmp_path)
    on_b("-m", "linghun.core", "sync", "--home", str(b), "--remote", str(remote))

    warm = demo_home / "linghun" / "memory" / "warm.md"
    ours = parse_warm(warm.read_text(encoding="utf-8")).entries
    window = journey_window(demo_home)
    _answer_remote(str(remote), shots)
    window.act_sync.trigger()  # File > Sync, the first time: where to?
    wait_for(lambda: "sync with" in window.notifications.label.text(), 60000, "the first sync's result")
    text = window.notifications.label.text()
    assert "took 1 file(s)" in text and "sent" in text, text
    merged = warm.read_text(encoding="utf-8")
    bodies = [e.body for e in parse_warm(merged).entries]
    assert "来自另一台机器 | 值 | 1" in bodies and all(e.body in bodies for e in ours)
    assert parse_warm(merged).render() == merged
    pane = show_pane(window, "entries")  # the window shows the merged home
    wait_for(lambda: pane.model.rowCount() == len(ours) + 1, 20000, "the other machine's entry in the Entries pane")
    assert "来自另一台机器 | 值 | 1" in [e.body for e in window.ctx.memory.latest().entries]

    # machine B takes the merge and edits the first entry; this machine edits it otherwise
    on_b("-m", "linghun.core", "sync", "--home", str(b))
    target = ours[0].body
    on_b("-c", EDIT, str(b), target, target + "（B 改）")
    on_b("-m", "linghun.core", "sync", "--home", str(b))
    entry = next(e for e in window.ctx.memory.entries() if e.body == target)
    window.ctx.memory.edit_entry(entry.id, body=target + "（本机改）")
    window.act_sync.trigger()  # the remembered remote: no question
    wait_for(lambda: "conflict" in window.notifications.label.text(), 60000, "the second sync's result")
    assert "1 conflict(s) sent to the Review queue" in window.notifications.label.text()
    shots(window, "sync-conflict-said")
    bodies = [e.body for e in parse_warm(warm.read_text(encoding="utf-8")).entries]
    assert target + "（本机改）" in bodies and target + "（B 改）" not in bodies

    pane = show_pane(window, "review")
    wait_for(lambda: pane.queue is not None and any(i.kind == "sync" for i in pane.queue.items), 30000,
             "the conflict in the Review pane")
    item = next(i for i in pane.queue.items if i.kind == "sync")
    assert "（B 改）" in " ".join(item.consequences) and "（本机改）" in " ".join(item.consequences)
    # Reject on the conflict takes the other machine's version into warm.md
    row = find_row(pane.view, "sync conflict")
    assert row >= 0
    click_cell(pane.view, row, 0)
    shots(window, "sync-conflict-in-review")
    pane.act_reject.trigger()
    wait_for(lambda: target + "（B 改）" in warm.read_text(encoding="utf-8"), 20000, "the other version taken")
    bodies = [e.body for e in parse_warm(warm.read_text(encoding="utf-8")).entries]
    assert target + "（本机改）" not in bodies
    wait_for(lambda: pane.queue is not None and not any(i.kind == "sync" for i in pane.queue.items), 20000,
             "the conflict gone from the Review pane")

    # File > Sync Remote…: the remote in use is offered; a mistyped one fails and the one that worked stays
    offered = []

    def mistype(dialog) -> bool:
        if not isinstance(dialog, QInputDialog):
            return False
        offered.append(dialog.textValue())
        field = dialog.findChild(QLineEdit)
        field.selectAll()
        QTest.keyClicks(field, str(tmp_path / "no-such-remote.git"))
        click(dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok))
        return True

    when_modal(mistype, 15000)
    window.act_sync_remote.trigger()
    wait_for(lambda: "Sync failed" in window.notifications.label.text(), 60000, "the mistyped remote's failure")
    assert offered == [str(remote)]
    window.act_sync.trigger()  # the remote that worked is still the one used
    wait_for(lambda: "sync with " + str(remote) in window.notifications.label.text(), 60000, "a sync with it")


def test_a_sync_that_hangs_is_cancelled_from_its_progress_dialog(journey_window, demo_home):
    import socket

    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QProgressDialog, QPushButton

    silent = socket.socket()  # a "remote" that takes the connection and never answers
    silent.bind(("127.0.0.1", 0))
    silent.listen(4)
    try:
        warm = demo_home / "linghun" / "memory" / "warm.md"
        before = warm.read_bytes()
        window = journey_window(demo_home)
        steps = []

        def cancel(dialog) -> bool:
            if not isinstance(dialog, QProgressDialog):
                return False
            steps.append(dialog.labelText())
            QTest.mouseClick(dialog.findChild(QPushButton), Qt.MouseButton.LeftButton)
            return True

        _answer_remote(f"git://127.0.0.1:{silent.getsockname()[1]}/home.git")
        window.act_sync.trigger()
        when_modal(cancel, 30000)
        wait_for(lambda: "Sync cancelled" in window.notifications.label.text(), 30000, "the cancel said")
        assert steps and window.syncing.handle is None
        assert warm.read_bytes() == before
    finally:
        silent.close()

"""While the workbench has a home open, every version lands in the home's history: the agent's
(a separate process writing as the upstream plugins do, seen by the file watcher) and ours."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from linghun.core.history import capture
from linghun.core.history.entries import blame, key_for_number
from tests.conftest import REPO
from tests.journeys.conftest import answer_dialog
from tests.workbench.test_app_helpers import entries_pane, isolated, no_thread_left, settings, workbench  # noqa: F401


class Agent:
    """The stand-in agent process (tests/agent_sim.py), one step at a time."""

    def __init__(self, dsh_home):
        self.proc = subprocess.Popen([sys.executable, "-m", "tests.agent_sim", str(dsh_home)], cwd=REPO,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def step(self, **step) -> None:
        self.proc.stdin.write(json.dumps(step, ensure_ascii=False) + "\n")
        self.proc.stdin.flush()
        assert self.proc.stdout.readline().strip() == "ok"

    def close(self) -> None:
        self.proc.stdin.close()
        code = self.proc.wait(timeout=30)
        self.proc.stdout.close()
        assert code == 0


def screenshot(widget, name: str, tmp_path) -> None:
    """Grab ``widget`` to a PNG and check it is a picture; with ``LINGHUN_SCREENSHOTS_DIR`` set
    (publishing the README's screenshots) it is written there under ``name``."""
    import os
    from pathlib import Path

    folder = Path(os.environ.get("LINGHUN_SCREENSHOTS_DIR") or tmp_path)
    image = widget.grab()
    assert image.width() > 300 and image.height() > 200
    assert image.save(str(folder / f"{name}.png"))


def newest_bytes(home, relative):
    capture.flush(5)
    history = capture.history_of(home)
    return None if history is None else history.read(relative)


def shown_and_recorded(qtbot, window):
    """Show ``window`` at 1280x800 and wait until the history holds warm.md as it is; the home."""
    home = window.ctx.home
    window.resize(1280, 800)
    window.show()
    qtbot.waitUntil(lambda: newest_bytes(home, "memory/warm.md") == home.warm.read_bytes(), timeout=10000)
    return home


@pytest.mark.slow
def test_agent_versions_and_our_edits_are_all_kept_with_their_writers(workbench, qtbot, upstream_home, tmp_path):
    window = workbench.window
    home = window.ctx.home
    original = home.warm.read_bytes()
    qtbot.waitUntil(lambda: newest_bytes(home, "memory/warm.md") == original, timeout=5000)

    agent = Agent(upstream_home)
    texts = []
    try:
        for i in range(3):
            text = home.warm.read_text(encoding="utf-8") + f"\n## 2026-10-08 1{i}:00 [fact] high\n\n版本 | 第 {i} 版 | {i} | #{i}\n"
            texts.append(text)
            agent.step(op="warm", text=text)
            qtbot.waitUntil(lambda: newest_bytes(home, "memory/warm.md") == text.encode("utf-8"), timeout=5000)
    finally:
        agent.close()

    # the person flips [8] in the Entries pane
    pane = entries_pane(workbench)
    qtbot.waitUntil(lambda: pane.proxy.rowCount() == 13, timeout=3000)
    index = pane.proxy.index(7, 0)
    QTest.mouseClick(pane.view.viewport(), Qt.MouseButton.LeftButton, pos=pane.view.visualRect(index).center())
    pane.act_flip.trigger()
    flipped = home.warm.read_bytes()
    assert flipped != texts[-1].encode("utf-8")
    qtbot.waitUntil(lambda: newest_bytes(home, "memory/warm.md") == flipped, timeout=5000)

    history = capture.history_of(home)
    versions = history.versions("memory/warm.md")
    assert [v.writer for v in versions] == ["workbench", "agent", "agent", "agent", "agent"]
    kept = [history.repo[v.blob].data for v in versions]
    assert kept == [flipped] + [t.encode("utf-8") for t in reversed(texts)] + [original]
    result = blame(history, key_for_number(flipped.decode("utf-8"), 8))
    assert (result["created"]["writer"], result["last"]["writer"], result["last"]["change"]) == \
        ("agent", "workbench", "flipped")

    # History of [8]: each version with its writer; restore the agent's version, then undo
    QTest.mouseClick(pane.view.viewport(), Qt.MouseButton.LeftButton, pos=pane.view.visualRect(index).center())
    pane.act_history.trigger()
    dialog = pane.history_dialog
    with qtbot.waitSignal(dialog.sig_loaded, timeout=10000):
        pass
    rows = [(dialog.table.item(r, 1).text(), dialog.table.item(r, 2).text()) for r in range(dialog.table.rowCount())]
    assert rows == [("workbench", "flipped to wrong"), ("agent", "created")]
    assert dialog.summary.text().startswith("Written by agent on ") and "last changed by workbench" in dialog.summary.text()
    assert "+## " in dialog.diff.toPlainText() and " wrong" in dialog.diff.toPlainText()
    screenshot(dialog, "entry-history-en", tmp_path)
    QTest.mouseClick(dialog.table.viewport(), Qt.MouseButton.LeftButton,
                     pos=dialog.table.visualItemRect(dialog.table.item(1, 0)).center())
    assert dialog.btn_restore.isEnabled()
    shown = []
    answer_dialog("Apply", shown)  # the restore shows its diff and asks first
    QTest.mouseClick(dialog.btn_restore, Qt.MouseButton.LeftButton)
    assert shown == ["Restore [8]"]
    assert home.warm.read_bytes() == texts[-1].encode("utf-8")  # the bytes before the flip, exactly
    assert window.act_undo.isEnabled()
    window.act_undo.trigger()  # Edit > Undo
    assert home.warm.read_bytes() == flipped
    qtbot.waitUntil(lambda: newest_bytes(home, "memory/warm.md") == flipped, timeout=5000)
    assert [v.writer for v in history.versions("memory/warm.md")][:3] == ["workbench", "workbench", "workbench"]

"""The first start explains itself: the welcome says what the demo home is, how a real agent's
home is opened and where things live; its buttons act; it is shown once."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QPainter, QPixmap
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QFileDialog

from linghun.core.home import MemoryHome
from tests.workbench.test_app_helpers import isolated, no_thread_left, settings  # noqa: F401 - fixtures


@pytest.fixture
def user(isolated, monkeypatch):
    """A new user: their own HOME (no ~/.dsh yet), data and settings folders."""
    monkeypatch.setenv("HOME", str(isolated / "user"))
    (isolated / "user").mkdir()
    return isolated / "user"


def _started(qtbot, settings):
    from linghun.workbench.app import Workbench
    wb = Workbench(QApplication.instance(), settings)
    qtbot.addWidget(wb.window)
    wb.start(None)
    return wb


def _welcome(qtbot, wb):
    from linghun.workbench.dialogs.welcome import WelcomeDialog
    qtbot.waitUntil(lambda: any(d.isVisible() for d in wb.window.findChildren(WelcomeDialog)))
    return next(d for d in wb.window.findChildren(WelcomeDialog) if d.isVisible())


def _click(button):
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)


def _save_screenshot(window, dialog, name: str) -> None:
    """The window at 1280x800 with the welcome drawn over it where it sits."""
    out = Path(os.environ.get("LINGHUN_SCREENSHOTS_DIR") or window.settings.path.parent)
    window.resize(1280, 800)
    QApplication.processEvents()
    shot = window.grab()
    painter = QPainter(shot)
    painter.drawPixmap((shot.width() - dialog.width()) // 2, (shot.height() - dialog.height()) // 3,
                       QPixmap(dialog.grab()))
    painter.end()
    assert shot.save(str(out / name))


def test_first_start_welcomes_on_the_demo_home_then_never_again(qtbot, settings, user, no_thread_left):
    from linghun.workbench.app import demo_home_dir
    wb = _started(qtbot, settings)
    dialog = _welcome(qtbot, wb)
    text = dialog.text.text()
    assert "This is the demo home" in text and str(demo_home_dir()) in text
    assert "~/.dsh" in text and "Where things live" in text and str(settings.path.parent) in text
    assert dialog.agent_button is None  # there is no ~/.dsh to offer
    assert wb.window.ctx.home.dsh_home == demo_home_dir().resolve()
    # a freshly copied demo home is projected: its index is not "stale" however the copy was timed
    assert wb.window.status_index.text().startswith("Topic index: up to date (")
    _save_screenshot(wb.window, dialog, "welcome-en.png")
    _click(dialog.start_button)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    assert settings.welcome_shown
    wb.window.close()
    again = _started(qtbot, settings)
    QApplication.processEvents()
    from linghun.workbench.dialogs.welcome import WelcomeDialog
    assert not [d for d in again.window.findChildren(WelcomeDialog) if d.isVisible()]
    again.window.close()


def test_help_welcome_offers_the_agents_home_once_it_exists(qtbot, settings, user, no_thread_left):
    settings.welcome_shown = True
    wb = _started(qtbot, settings)  # on the demo home: there was no ~/.dsh at start
    MemoryHome.resolve(user / ".dsh").ensure()
    MemoryHome.resolve(user / ".dsh").warm.write_text("## 2026-10-01 10:00 [fact] high\n\n网关 | 超时 | 30s\n",
                                                      encoding="utf-8")
    wb.window.act_welcome.trigger()
    dialog = _welcome(qtbot, wb)
    assert dialog.agent_button is not None and dialog.agent_button.text() == "Open ~/.dsh"
    _click(dialog.agent_button)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    assert wb.window.ctx.home == MemoryHome.resolve(user / ".dsh")
    assert wb.window.pane("entries").model.rowCount() == 1
    wb.window.close()


def test_open_a_home_button_asks_for_the_folder(qtbot, settings, user, upstream_home, no_thread_left):
    wb = _started(qtbot, settings)
    dialog = _welcome(qtbot, wb)

    def answer():
        chooser = QApplication.activeModalWidget()
        assert isinstance(chooser, QFileDialog)
        chooser.setDirectory(str(upstream_home))
        chooser.accept()

    QTimer.singleShot(200, answer)
    _click(dialog.open_button)
    assert wb.window.ctx.home == MemoryHome.resolve(upstream_home)
    assert settings.welcome_shown
    wb.window.close()


def test_the_welcome_speaks_chinese(qtbot, settings, user, no_thread_left):
    settings.language = "zh_CN"
    wb = _started(qtbot, settings)
    dialog = _welcome(qtbot, wb)
    assert dialog.windowTitle() == "欢迎使用灵魂记忆工作台"
    assert "演示记忆库" in dialog.text.text() and dialog.start_button.text() == "开始"
    _save_screenshot(wb.window, dialog, "welcome-zh.png")
    _click(dialog.start_button)
    wb.window.close()
    wb.translations.apply("en")

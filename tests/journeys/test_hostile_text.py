"""Journey: the agent wrote an entry holding markup and an image that names a device; a person
opens the home and hovers the entry. The tooltip shows the text as written, and nothing crashes.
"""
from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint
from PySide6.QtGui import QHelpEvent, QTextDocument
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLabel, QToolTip

from linghun.core.home import MemoryHome
from linghun.core.tools import dispatch
from tests.reliability.hostile import shots_dir
from tests.workbench.test_app_helpers import isolated, no_thread_left, settings  # noqa: F401 - fixtures

HOSTILE = '订单服务 <img src="/dev/zero"> <b>不是粗体</b> &amp; \u202e反转'


def _tip_label() -> QLabel | None:
    return next((w for w in QApplication.topLevelWidgets()
                 if w.inherits("QTipLabel") and w.isVisible()), None)


def _hover(qtbot, view, index) -> str:
    """Move the mouse over the cell and let Qt ask for its tooltip, as a resting pointer does."""
    view.scrollTo(index)
    pos = view.visualRect(index).center()
    QTest.mouseMove(view.viewport(), pos)
    event = QHelpEvent(QEvent.Type.ToolTip, pos, view.viewport().mapToGlobal(pos))
    QApplication.sendEvent(view.viewport(), event)
    qtbot.waitUntil(lambda: QToolTip.isVisible(), timeout=3000)
    return QToolTip.text()


def test_hovering_a_hostile_entry_shows_its_text_literally(qtbot, settings, upstream_home, tmp_path,  # noqa: F811
                                                           no_thread_left):  # noqa: F811
    from linghun.workbench.main_window import MainWindow

    home = MemoryHome.resolve(upstream_home)
    dispatch(home, "memory_append", {"kind": "event", "content": HOSTILE, "confidence": "high"})
    before = home.warm.read_bytes()
    window = MainWindow(settings)
    qtbot.addWidget(window)
    window.open_home(upstream_home)
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    window.docks["entries"].raise_()

    view = window.pane("entries").view
    model = view.model()
    text_column = model.columnCount() - 1
    rows = [r for r in range(model.rowCount()) if "不是粗体" in str(model.index(r, text_column).data())]
    assert len(rows) == 1, "the hostile entry is listed once"
    index = model.index(rows[0], text_column)
    assert "<img" in index.data(), "the cell shows the markup as characters"

    shown = _hover(qtbot, view, index)
    label = _tip_label()
    assert label is not None
    doc = QTextDocument()
    doc.setHtml(shown)
    seen = doc.toPlainText()
    # what the person reads: the characters the agent wrote (the override isolated, not obeyed)
    assert '<img src="/dev/zero">' in seen and "<b>不是粗体</b>" in seen and "&amp;" in seen
    assert "\u202e反转" in seen
    window.grab().save(str(shots_dir(tmp_path) / "hover-hostile-entry.png"))
    label.grab().save(str(shots_dir(tmp_path) / "hover-hostile-tooltip.png"))
    QTest.mouseMove(view.viewport(), QPoint(1, 1))
    QToolTip.hideText()
    window._may_close_home = lambda: True
    window.close()
    assert home.warm.read_bytes() == before, "hovering changes nothing on disk"

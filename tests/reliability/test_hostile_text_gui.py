"""Hostile text in the GUI: every pane's tooltips and labels over a home full of hostile payloads.

The invariant, checked on strings before anything is painted: no text from the home reaches a
rich-text renderer (a tooltip, a label that is not plain text) with its markup unescaped. Then
the window is shown at 1280x800 with every hostile tooltip displayed, which must not crash, and a
hostile entry's tooltip must read back as exactly its text.
"""
from __future__ import annotations

import pytest
from PySide6.QtCore import QModelIndex, QPoint, Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import QAbstractButton, QAbstractItemView, QApplication, QGraphicsView, QLabel, QToolTip, QWidget

from linghun.core.assembler.round import run_round
from tests.reliability.hostile import IMG, PAYLOADS, hostile_home, shots_dir, unsafe
from tests.workbench.test_app_helpers import isolated, no_thread_left, settings  # noqa: F401 - fixtures
from linghun.workbench.plaintext import clean


def _indexes(model, parent=QModelIndex(), limit=400):
    out = []
    for row in range(min(model.rowCount(parent), limit)):
        for column in range(model.columnCount(parent)):
            index = model.index(row, column, parent)
            out.append(index)
            if column == 0 and model.rowCount(index) > 0:
                out.extend(_indexes(model, index, limit))
    return out


def _label_problem(label: QLabel) -> str | None:
    text = label.text()
    if label.textFormat() == Qt.TextFormat.PlainText:
        return None
    if label.textFormat() == Qt.TextFormat.RichText:
        return next((m for m in ("<img", "<b>bold-hostile", "<script", "<table") if m in text), None)
    return unsafe(text)


def _problems(window) -> list[str]:
    """Every string of the window that Qt would render as HTML with a payload's markup in it."""
    found = []
    for view in window.findChildren(QAbstractItemView):
        model = view.model()
        if model is None:
            continue
        for index in _indexes(model):
            tip = index.data(Qt.ItemDataRole.ToolTipRole)
            if (m := unsafe(tip)) is not None:
                found.append(f"{type(model).__name__} tooltip {index.row()},{index.column()}: {m}")
    for label in window.findChildren(QLabel):
        if (m := _label_problem(label)) is not None:
            found.append(f"label {label.objectName() or type(label.parent()).__name__}: {m}")
    for widget in window.findChildren(QWidget):
        if (m := unsafe(widget.toolTip())) is not None:
            found.append(f"{type(widget).__name__} tooltip: {m}")
    for gv in window.findChildren(QGraphicsView):
        if gv.scene() is None:
            continue
        for item in gv.scene().items():
            if (m := unsafe(item.toolTip())) is not None:
                found.append(f"graphics item tooltip: {m}")
            tip = getattr(item, "opts", {}).get("tip") if isinstance(getattr(item, "opts", None), dict) else None
            if callable(tip):  # pyqtgraph computes a point's tooltip on hover with this callable
                for point in item.points() if hasattr(item, "points") else []:
                    if (m := unsafe(tip(x=point.pos().x(), y=point.pos().y(), data=point.data()))) is not None:
                        found.append(f"plot point tooltip: {m}")
    return found


@pytest.fixture
def hostile_dsh(upstream_home):
    home = hostile_home(upstream_home)
    for text in (PAYLOADS["img"], PAYLOADS["markup"]):  # rounds with hostile questions: summary, tooltips
        run_round(home, text)
    return upstream_home


def test_every_pane_shows_hostile_text_as_text(qtbot, settings, hostile_dsh, tmp_path, no_thread_left):  # noqa: F811
    from linghun.workbench.main_window import MainWindow

    window = MainWindow(settings)
    qtbot.addWidget(window)
    window.open_home(hostile_dsh)
    map_pane = window.pane("map")
    qtbot.waitUntil(lambda: map_pane.snapshot is not None, timeout=20000)

    tried = 0
    problems = _problems(window)
    views = [v for v in window.findChildren(QAbstractItemView) if v.model() is not None and v.isEnabled()]
    for view in views:  # select every row: detail labels, titles and editors follow the selection
        model = view.model()
        for row in range(min(model.rowCount(), 200)):
            view.setCurrentIndex(model.index(row, 0))
            tried += 1
        problems += _problems(window)
    print(f"\nhostile text in the GUI: {len(views)} views, {tried} rows selected, "
          f"{len(problems)} unescaped")
    assert problems == []
    # a word-wrapped label is as wide as its longest word: long hostile runs must not widen the
    # window (1,474 pixels on the plain fixture home; 7,745 before long runs were made breakable)
    assert window.minimumSizeHint().width() <= 1600

    # the entry holding the <img> payload: its tooltip is rich text whose content is the literal text
    entries = window.pane("entries")
    model = entries.view.model()
    hits = [model.index(r, model.columnCount() - 1) for r in range(model.rowCount())
            if IMG in str(model.index(r, model.columnCount() - 1).data(Qt.ItemDataRole.ToolTipRole) or "")
            or IMG in str(model.index(r, model.columnCount() - 1).data() or "")]
    assert hits, "the hostile entry is listed"
    tip = hits[0].data(Qt.ItemDataRole.ToolTipRole)
    doc = QTextDocument()
    doc.setHtml(tip)
    assert IMG in doc.toPlainText()

    # now paint everything: the window, every pane raised, every hostile tooltip shown
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    shots = shots_dir(tmp_path)
    for name, dock in window.docks.items():
        dock.raise_()
        QApplication.processEvents()
        window.grab().save(str(shots / f"hostile-{name}.png"))
    shown = 0
    for view in views:
        if not view.isVisible():
            continue
        for index in _indexes(view.model(), limit=60):
            tip = index.data(Qt.ItemDataRole.ToolTipRole)
            if isinstance(tip, str) and any(m in tip for m in ("&lt;img", "&lt;b&gt;", "&lt;script", "\u202e", "巨")):
                QToolTip.showText(view.viewport().mapToGlobal(QPoint(5, 5)), tip, view.viewport())
                QApplication.processEvents()
                shown += 1
    QToolTip.hideText()
    print(f"hostile tooltips shown: {shown}")
    assert shown > 0
    window._may_close_home = lambda: True
    window.close()


def test_tooltip_helper_keeps_text_literal(qapp):
    from linghun.workbench.plaintext import escape, tooltip

    for name, text in PAYLOADS.items():
        tip = tooltip(text)
        assert unsafe(tip) is None, name
        doc = QTextDocument()
        doc.setHtml(tip)
        # what the reader sees is the text itself (controls as their pictures, long text cut)
        assert doc.toPlainText().replace("\u2028", "\n") == clean(text, 2000), name
    assert tooltip("") == "" and tooltip(None) == ""
    assert escape("<b>") == "&lt;b&gt;"
    assert clean("a\x00b\x1bc\x7f") == "a\u2400b\u241bc\u2421"
    rtl = clean("x\u202eabc")
    assert rtl.startswith("\u2068") and rtl.endswith("\u2069"), "an override is closed inside the text"

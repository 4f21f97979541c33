"""What a person cannot read on a screen: text cut, widgets off their parent, tables of slivers.

``problems(root)`` walks the visible widgets under ``root`` and names each one that
- shows a text narrower than the text (a label that does not wrap, a button, a check box), or a
  wrapped label shorter than its lines, or one squeezed to a word per line;
- stands outside its parent's rectangle (cut by it), unless the parent scrolls it;
- is a table or tree that shows fewer than ``MIN_ROWS`` rows;
- is a toolbar with commands hidden behind its » button.
"""
from __future__ import annotations

from PySide6.QtWidgets import (
    QAbstractButton, QAbstractItemView, QAbstractScrollArea, QCheckBox, QComboBox, QLabel, QLineEdit, QRadioButton,
    QScrollArea, QTabBar, QTableView, QToolBar, QToolButton, QTreeView, QWidget,
)

MIN_ROWS = 5
SLACK = 2  # px: rounding between a size hint and the layout


def _name(widget: QWidget) -> str:
    text = ""
    if isinstance(widget, (QLabel, QAbstractButton)):
        text = widget.text()[:40]
    chain = []
    w = widget
    while w is not None and len(chain) < 4:
        if w.objectName():
            chain.append(w.objectName())
        w = w.parentWidget()
    return f"{type(widget).__name__}[{'/'.join(reversed(chain))}] {text!r}"


def _shown(widget: QWidget) -> bool:
    return widget.isVisible() and not widget.visibleRegion().isEmpty() and widget.width() > 0


def _scrolled(widget: QWidget) -> bool:
    """The content of a scroll area (it may extend past what is shown: its bars say so)."""
    parent = widget.parentWidget()
    grand = parent.parentWidget() if parent is not None else None
    return isinstance(grand, QAbstractScrollArea) and grand.viewport() is parent


def _text_problem(widget: QWidget) -> str:
    if isinstance(widget, QLabel) and widget.text() and widget.pixmap().isNull():
        if widget.wordWrap():
            need = widget.heightForWidth(widget.width())
            if need > widget.height() + SLACK:
                return f"wrapped text needs {need} px, has {widget.height()}"
            words = len(widget.text().split())
            if words >= 4 and widget.contentsRect().width() < 140:
                return f"squeezed to {widget.contentsRect().width()} px: about a word per line"
        elif widget.minimumSizeHint().width() > widget.width() + SLACK:
            return f"text needs {widget.minimumSizeHint().width()} px, has {widget.width()}"
    elif isinstance(widget, (QCheckBox, QRadioButton)) and widget.text():
        if widget.sizeHint().width() > widget.width() + SLACK:
            return f"text needs {widget.sizeHint().width()} px, has {widget.width()}"
    elif isinstance(widget, QAbstractButton) and widget.text() and not isinstance(widget, QTabBar):
        if isinstance(widget, QToolButton) and widget.toolButtonStyle().name == "ToolButtonIconOnly":
            return ""
        if widget.sizeHint().width() > widget.width() + SLACK:
            return f"text needs {widget.sizeHint().width()} px, has {widget.width()}"
    return ""


def _rows_problem(view: QAbstractItemView) -> str:
    model = view.model()
    if model is None:
        return ""
    if isinstance(view, QTableView):
        row = view.verticalHeader().defaultSectionSize()
    elif isinstance(view, QTreeView):
        row = max(view.sizeHintForRow(0), view.fontMetrics().height() + 4) if model.rowCount() else view.fontMetrics().height() + 6
    else:
        row = max(view.sizeHintForRow(0), view.fontMetrics().height() + 2) if model.rowCount() else view.fontMetrics().height() + 4
    rows = view.viewport().height() // max(row, 1)
    if rows < MIN_ROWS:
        return f"shows {rows} rows ({view.viewport().height()} px)"
    return ""


def problems(root: QWidget) -> list[str]:
    found = []
    for widget in [root, *root.findChildren(QWidget)]:
        if not _shown(widget) or widget.objectName().startswith("qt_"):
            continue
        problem = _text_problem(widget)
        if isinstance(widget, QAbstractItemView) and not isinstance(widget, QComboBox):
            if widget.maximumHeight() >= 200 and widget.parentWidget() and not isinstance(widget.parentWidget(), QComboBox):
                problem = problem or _rows_problem(widget)
        if isinstance(widget, QScrollArea) and widget.horizontalScrollBar().isVisible():
            problem = (f"scrolls sideways: its content needs {widget.widget().minimumSizeHint().width()} px, "
                       f"has {widget.viewport().width()}")
        if isinstance(widget, QToolBar):
            ext = widget.findChild(QToolButton, "qt_toolbar_ext_button")
            if ext is not None and ext.isVisible():
                hidden = [a.text() for a in widget.actions() if not a.isSeparator() and
                          (widget.widgetForAction(a) is None or not widget.widgetForAction(a).isVisible())]
                problem = f"commands behind »: {hidden}"
        parent = widget.parentWidget()
        if (not problem and parent is not None and not widget.isWindow() and not _scrolled(widget)
                and not isinstance(parent, (QTabBar, QLineEdit, QComboBox, QAbstractScrollArea))):
            g = widget.geometry()
            r = parent.rect()
            if g.right() > r.right() + SLACK or g.bottom() > r.bottom() + SLACK or g.left() < -SLACK or g.top() < -SLACK:
                problem = f"outside its parent: {g.getRect()} in {r.getRect()}"
        if problem:
            found.append(f"{_name(widget)}: {problem}")
    return found


def problems_on_every_tab(root: QWidget, settle=lambda: None) -> list[str]:
    """``problems`` with each page of each tab widget under ``root`` in front in turn (the
    first page of the others), ``settle()`` after each switch; every tab is put back."""
    from PySide6.QtWidgets import QTabWidget

    found = problems(root)
    for tabs in root.findChildren(QTabWidget):
        if not _shown(tabs):
            continue
        current = tabs.currentIndex()
        for index in range(tabs.count()):
            if index == current or not tabs.isTabEnabled(index):
                continue
            tabs.setCurrentIndex(index)
            settle()
            found += [f"tab {tabs.tabText(index)!r}: {p}" for p in problems(tabs.widget(index))]
        tabs.setCurrentIndex(current)
    return sorted(set(found))


def unnamed_controls(root: QWidget) -> list[str]:
    """Controls a screen reader could not name: a button with neither text, accessible name nor
    tooltip; an input (line, box, spin box) with no accessible name, placeholder, tooltip or
    label pointing at it (``QLabel.setBuddy``)."""
    from PySide6.QtWidgets import QAbstractSpinBox

    buddies = {id(label.buddy()) for label in root.findChildren(QLabel) if label.buddy() is not None}
    found = []
    for widget in root.findChildren(QWidget):
        if not _shown(widget) or widget.objectName().startswith("qt_"):
            continue
        named = bool(widget.accessibleName() or widget.toolTip() or id(widget) in buddies)
        if isinstance(widget, QAbstractButton) and not isinstance(widget.parentWidget(),
                                                                  (QTabBar, QAbstractSpinBox, QLineEdit)):
            if not (named or widget.text()):
                found.append(_name(widget))
        elif isinstance(widget, (QLineEdit, QComboBox, QAbstractSpinBox)):
            if isinstance(widget.parentWidget(), (QComboBox, QAbstractSpinBox)):
                continue
            placeholder = widget.placeholderText() if isinstance(widget, (QLineEdit, QComboBox)) else ""
            if not (named or placeholder):
                found.append(_name(widget))
    return found

"""Journeys: the workbench's jobs done the way a person does them, through the real main window.

A journey never calls a pane's method. It triggers actions (``QAction.trigger()``, or the
shortcut through ``press``), clicks buttons and table cells, types text, opens context menus
and answers modal dialogs through their buttons; then it asserts what the person sees (labels,
rows, enabled states) and the bytes on disk. Reading widget state to assert is fine.

Shared helpers (import them from ``tests.journeys.conftest``):

- fixtures ``journey_window`` (a factory: the app wired as ``main()`` wires it, at 1280x800, on a
  given home) and ``shots`` (a ``Shots`` that saves window grabs into a folder it prints:
  ``$LINGHUN_JOURNEY_SHOTS/<test>`` when set, else under pytest's ``tmp_path``);
- ``click_cell``, ``click``, ``type_into``, ``press``, ``answer_dialog``,
  ``choose_in_context_menu``, ``find_row``, ``wait_for``.
"""
from __future__ import annotations

import os
import re
import shutil
from pathlib import Path
from typing import Callable

import pytest
from PySide6.QtCore import QModelIndex, QPoint, Qt, QTimer
from PySide6.QtGui import QContextMenuEvent, QInputMethodEvent, QKeySequence
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (
    QAbstractButton, QAbstractItemView, QApplication, QDialog, QDialogButtonBox, QFileDialog, QLineEdit, QMenu,
    QMessageBox, QTabBar, QWidget,
)

from tests.workbench.conftest import _collect_on_the_gui_thread  # noqa: F401 - autouse, as the app runs
from tests.workbench.test_app_helpers import isolated, no_thread_left, settings  # noqa: F401 - fixtures

REPO = Path(__file__).resolve().parents[2]
DEMO_HOME = REPO / "resources" / "demo-home"
SIZE = (1280, 800)


# -- homes -----------------------------------------------------------------------------------------
@pytest.fixture
def demo_home(tmp_path) -> Path:
    """A writable copy of the bundled demo home; returns its ``$DSH_HOME`` folder."""
    dest = tmp_path / "demo-dsh"
    shutil.copytree(DEMO_HOME, dest)
    return dest


# -- the window -------------------------------------------------------------------------------------
@pytest.fixture
def journey_window(qtbot, settings, no_thread_left):  # noqa: F811 - fixtures
    """``open(home) -> MainWindow``: the application as ``main()`` builds it, shown at 1280x800.

    Call it again (after closing the first window through its Quit action) to restart the app on
    the same home. Every window still open at the end is closed without questions."""
    from linghun.workbench.app import Workbench

    made = []

    def open_window(home: Path, size: tuple[int, int] = SIZE, expect_open: bool = True):
        """Start the app as ``linghun-workbench --home HOME`` does (a dialog it raises must be
        answered: call ``answer_dialog`` first)."""
        wb = Workbench(QApplication.instance(), settings)
        window = wb.window
        window.resize(*size)
        window.show()
        qtbot.waitExposed(window)
        wb.open_start_home(str(home))
        assert (window.ctx is not None) == expect_open
        made.append(wb)
        QApplication.processEvents()
        return window

    yield open_window
    for wb in made:
        window = wb.window
        try:
            if window.isVisible() or window.ctx is not None:
                window._may_close_home = lambda: True  # a failed journey may leave a draft
                window.close()
            window.deleteLater()
        except RuntimeError:  # already deleted
            pass
        wb.translations.apply("en")


class Shots:
    """Saves grabs of a window into ``folder`` as ``NN-name.png`` (numbered in journey order)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.saved: list[Path] = []

    def __call__(self, window: QWidget, name: str) -> Path:
        QApplication.processEvents()
        path = self.folder / f"{len(self.saved) + 1:02d}-{name}.png"
        assert window.grab().save(str(path)), f"could not save {path}"
        self.saved.append(path)
        return path


@pytest.fixture
def shots(request, tmp_path) -> Shots:
    base = os.environ.get("LINGHUN_JOURNEY_SHOTS")
    name = re.sub(r"[^\w.-]+", "_", request.node.name)
    folder = Path(base) / name if base else tmp_path / "shots"
    folder.mkdir(parents=True, exist_ok=True)
    print(f"\njourney screenshots: {folder}")
    return Shots(folder)


# -- gestures ---------------------------------------------------------------------------------------
def wait_for(condition: Callable[[], object], timeout_ms: int = 10000, what: str = "") -> None:
    """Process events until ``condition()`` is true (fails after ``timeout_ms``)."""
    timer = QTimer()
    timer.setSingleShot(True)
    timer.start(timeout_ms)
    while not condition():
        if not timer.isActive():
            pytest.fail(f"timed out waiting for {what or condition}")
        QApplication.processEvents()
        QTest.qWait(10)


def find_row(view: QAbstractItemView, text: str, column: int | None = None) -> int:
    """The first row of ``view`` where a cell (or ``column``) contains ``text``; -1 if none."""
    model = view.model()
    columns = [column] if column is not None else range(model.columnCount())
    for row in range(model.rowCount()):
        for col in columns:
            if text in str(model.index(row, col).data() or ""):
                return row
    return -1


def click_cell(view: QAbstractItemView, row: int, column: int = 0,
               modifier: Qt.KeyboardModifier = Qt.KeyboardModifier.NoModifier, double: bool = False) -> QModelIndex:
    """Click (or double-click) the cell at ``row``, ``column`` as a mouse would, scrolling it into view."""
    index = view.model().index(row, column)
    assert index.isValid(), f"no cell {row},{column}"
    view.scrollTo(index)
    QApplication.processEvents()
    # a model reset while events ran leaves the old index dangling: ask for the cell again
    index = view.model().index(row, column)
    assert index.isValid(), f"no cell {row},{column} any more"
    pos = view.visualRect(index).center()
    if double:
        QTest.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, modifier, pos)
    else:
        QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, modifier, pos)
    QApplication.processEvents()
    return index


def show_pane(window, name: str):
    """Bring the pane ``name`` to the front as a person does: the workspace bar's button of a
    workspace holding it when the one shown does not, then its dock's tab (docks sharing an area
    are tabs); returns the pane."""
    from linghun.workbench import workspaces

    dock = window.docks[name]
    title = dock.windowTitle()
    if dock.isHidden():
        space = next(w.id for w in workspaces.WORKSPACES
                     if name in w.pane_names() and w.id in window.workspace_actions)
        window.workspace_actions[space].trigger()
        QApplication.processEvents()
    if dock.visibleRegion().isEmpty():
        for bar in window.findChildren(QTabBar):
            for i in range(bar.count()):
                if bar.tabText(i) == title and bar.isVisible():
                    QTest.mouseClick(bar, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                                     bar.tabRect(i).center())
                    break
        QApplication.processEvents()
    assert not dock.visibleRegion().isEmpty(), f"the {name} pane is not shown"
    return window.pane(name)


def click_tab(tabs, text: str) -> None:
    """Click the tab titled ``text`` of a ``QTabWidget``."""
    bar = tabs.tabBar()
    index = next((i for i in range(bar.count()) if bar.tabText(i).replace("&", "") == text), -1)
    assert index >= 0, f"no tab {text!r} in {[bar.tabText(i) for i in range(bar.count())]}"
    QTest.mouseClick(bar, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, bar.tabRect(index).center())
    QApplication.processEvents()
    assert tabs.currentIndex() == index


def visible_rows(view) -> int:
    """How many rows of ``view`` are fully inside its viewport."""
    viewport = view.viewport().rect()
    model = view.model()
    return sum(1 for r in range(model.rowCount())
               if viewport.intersected(view.visualRect(model.index(r, 0))).height()
               == view.visualRect(model.index(r, 0)).height() > 0)


def visible_width(view, column: int, row: int = 0) -> int:
    """How many pixels of the cell at ``row``, ``column`` show inside the viewport."""
    rect = view.visualRect(view.model().index(row, column)).intersected(view.viewport().rect())
    return rect.width() if rect.isValid() else 0


def click(button: QAbstractButton) -> None:
    assert button.isVisible() and button.isEnabled(), f"{button.text()!r} cannot be clicked"
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)
    QApplication.processEvents()


def type_into(widget: QWidget, text: str, replace: bool = True) -> None:
    """Focus ``widget`` and type ``text`` (select-all first when ``replace``).

    ASCII goes in key by key; other text (Chinese) is committed the way an input method commits
    it, with a ``QInputMethodEvent`` (``QTest.keyClicks`` only knows Latin-1 keys)."""
    widget.setFocus()
    if replace:
        QTest.keyClick(widget, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    for run in re.findall(r"[\x00-\x7f]+|[^\x00-\x7f]+", text):
        if run.isascii():
            QTest.keyClicks(widget, run)
        else:
            event = QInputMethodEvent()
            event.setCommitString(run)
            QApplication.sendEvent(widget, event)
    QApplication.processEvents()


def press(widget: QWidget, sequence: str | QKeySequence) -> None:
    """Press a shortcut (``"Ctrl+Shift+W"``) with the keyboard focus in ``widget``."""
    seq = sequence if isinstance(sequence, QKeySequence) else QKeySequence(sequence)
    combo = seq[0]
    window = widget.window()
    if QApplication.activeWindow() is not window:  # shortcuts only reach the active window
        window.activateWindow()
        wait_for(lambda: QApplication.activeWindow() is window, 2000, "the window to be active")
    widget.setFocus()
    QApplication.processEvents()
    QTest.keyClick(widget, combo.key(), combo.keyboardModifiers())
    QApplication.processEvents()


def _button_in(widget: QWidget, button: str | QMessageBox.StandardButton | QDialogButtonBox.StandardButton):
    if isinstance(widget, QMessageBox) and not isinstance(button, str):
        return widget.button(QMessageBox.StandardButton(button))
    for box in widget.findChildren(QDialogButtonBox):
        if not isinstance(button, str):
            found = box.button(QDialogButtonBox.StandardButton(button))
            if found is not None:
                return found
    if isinstance(button, str):
        for candidate in widget.findChildren(QAbstractButton):
            if candidate.isVisible() and candidate.text().replace("&", "") == button:
                return candidate
    return None


def _when_modal(act, timeout_ms: int) -> None:
    """Poll (every 20 ms, up to ``timeout_ms``) for the next visible modal dialog and hand it to
    ``act``; ``act`` returns True once it has answered it."""
    state = {"left": timeout_ms // 20}

    def attempt() -> None:
        dialog = QApplication.activeModalWidget()
        if dialog is not None and dialog.isVisible() and act(dialog):
            return
        state["left"] -= 1
        if state["left"] > 0:
            QTimer.singleShot(20, attempt)

    QTimer.singleShot(0, attempt)


def answer_dialog(button: str | QMessageBox.StandardButton | QDialogButtonBox.StandardButton,
                  seen: list | None = None, timeout_ms: int = 15000) -> None:
    """Click ``button`` (its text, or a standard button) in the next modal dialog to open.

    Call it just BEFORE the gesture that opens the dialog. ``seen`` collects the dialog's text
    (its label or window title) so the journey can assert what the person was told."""

    def act(dialog) -> bool:
        target = _button_in(dialog, button) if isinstance(dialog, (QDialog, QMessageBox)) else None
        if target is None:
            return False
        if seen is not None:
            seen.append(dialog.text() if isinstance(dialog, QMessageBox) else dialog.windowTitle())
            if isinstance(dialog, QMessageBox):
                seen.append(dialog.informativeText())
        QTest.mouseClick(target, Qt.MouseButton.LeftButton)
        return True

    _when_modal(act, timeout_ms)


def answer_file_dialog(path: str | Path, timeout_ms: int = 15000) -> None:
    """Type ``path`` into the next file dialog to open and press its accept button (Open /
    Choose). Call it just BEFORE the gesture that opens the dialog."""

    def act(dialog) -> bool:
        if not isinstance(dialog, QFileDialog):
            return False
        edit = dialog.findChild(QLineEdit, "fileNameEdit")
        # Qt's file dialog completes and quotes names while keys are typed one by one
        # ('"/" "tmp"...'); a pasted path is what a person does there, then Open / Choose
        edit.setFocus()
        edit.setText(str(path))
        box = dialog.findChild(QDialogButtonBox)
        accept = next(b for b in box.buttons()
                      if box.buttonRole(b) == QDialogButtonBox.ButtonRole.AcceptRole)
        QTest.mouseClick(accept, Qt.MouseButton.LeftButton)
        return True

    _when_modal(act, timeout_ms)


def choose_in_context_menu(view: QAbstractItemView, row: int, text: str, column: int = 0) -> None:
    """Right-click the cell at ``row`` and choose the menu entry ``text`` (a sub-menu entry as
    "Confidence/Low")."""
    path = text.split("/")
    chosen = {"done": False}

    def pick(menu: QMenu, names: list[str]) -> None:
        for action in menu.actions():
            if action.text().replace("&", "") == names[0]:
                if len(names) == 1:
                    assert action.isEnabled(), f"menu entry {text!r} is disabled"
                    chosen["done"] = True
                    menu.close()
                    action.trigger()
                    return
                sub = action.menu()
                sub.popup(menu.geometry().topRight())
                QTimer.singleShot(50, lambda: pick(sub, names[1:]) or menu.close())
                return
        menu.close()
        pytest.fail(f"no menu entry {names[0]!r} in {[a.text() for a in menu.actions()]}")

    def find_menu() -> None:
        popup = QApplication.activePopupWidget()
        if isinstance(popup, QMenu):
            pick(popup, path)
        else:
            QTimer.singleShot(20, find_menu)

    QTimer.singleShot(20, find_menu)
    index = view.model().index(row, column)
    view.scrollTo(index)
    pos = view.visualRect(index).center()
    # a right click: the press selects the row, then the window system sends the context menu event
    QTest.mouseClick(view.viewport(), Qt.MouseButton.RightButton, Qt.KeyboardModifier.NoModifier, pos)
    event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, pos, view.viewport().mapToGlobal(pos))
    QApplication.sendEvent(view.viewport(), event)
    QApplication.processEvents()
    assert chosen["done"], f"the context menu did not offer {text!r}"


def pytest_collection_modifyitems(items):
    # A shown top-level window and popup menus on the offscreen platform log that it cannot raise
    # them, grab the keyboard or propagate size hints: facts of the test platform, not defects.
    marker = pytest.mark.qt_log_ignore("This plugin does not support")
    for item in items:
        if "tests/journeys/" in str(item.fspath).replace("\\", "/"):
            item.add_marker(marker)

"""The smaller things a new user tripped over on a laptop, each driven as a person does."""
from __future__ import annotations

from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtTest import QTest

from linghun.workbench.dialogs.diff import DiffDialog
from tests.workbench.test_app_helpers import (  # noqa: F401 - fixtures
    entries_pane, isolated, no_thread_left, settings, warm_bytes, workbench,
)


def _shown(wb, qtbot):
    window = wb.window
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    return window


def _click_row(pane, row: int) -> None:
    index = pane.proxy.index(row, 2)
    pane.view.scrollTo(index)
    QTest.mouseClick(pane.view.viewport(), Qt.MouseButton.LeftButton, pos=pane.view.visualRect(index).center())


def test_deleting_one_entry_names_it_and_two_are_counted(workbench, qtbot, monkeypatch):
    titles = []
    monkeypatch.setattr(DiffDialog, "confirm", classmethod(lambda cls, title, *a, **k: titles.append(title) or True))
    window = _shown(workbench, qtbot)
    pane = entries_pane(workbench)
    _click_row(pane, 0)
    [chosen] = pane.selected_ids()
    n = window.ctx.memory.entry(chosen).n
    pane.view.setFocus()
    QTest.keyClick(pane.view, Qt.Key.Key_Delete)
    assert titles == [f"Delete [{n}]"]
    assert window.ctx.undo_stack.undoText() == f"Delete [{n}]"
    assert chosen not in {e.id for e in window.ctx.memory.entries()}
    pane.view.selectAll()
    count = len(pane.selected_ids())
    QTest.keyClick(pane.view, Qt.Key.Key_Delete)
    assert titles[-1] == f"Delete {count} entries" and "1 entries" not in titles[-1]


def test_a_new_entrys_diff_shows_where_in_warm_md_it_lands(workbench, qtbot):
    _shown(workbench, qtbot)
    pane = entries_pane(workbench)
    pane.act_new.trigger() if hasattr(pane, "act_new") else pane.new_entry()
    editor = pane.editor
    assert editor.is_new
    form = editor.stack.currentWidget()
    field = next(iter(form.edits.values())) if hasattr(form, "edits") else form.body
    QTest.keyClicks(field, "gateway")
    if hasattr(field, "textEdited"):
        field.textEdited.emit(field.text())
    editor._update_diff()
    text = editor.diff.toPlainText()
    lines = len(warm_bytes(workbench).decode("utf-8").splitlines())
    hunk = next(line for line in text.splitlines() if line.startswith("@@"))
    assert not hunk.startswith("@@ -0,0"), hunk
    assert int(hunk.split()[1].split(",")[0].lstrip("-")) >= lines - 3  # at the end of the file
    assert any(line.startswith("+") and "gateway" in line for line in text.splitlines())


def _click_link(browser, qtbot, href_prefix: str) -> None:
    """Click the first link of ``browser`` whose href starts with ``href_prefix``, where it is drawn."""
    from PySide6.QtGui import QTextCursor

    doc = browser.document()
    block = doc.begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            fragment = it.fragment()
            if fragment.charFormat().anchorHref().startswith(href_prefix):
                cursor = QTextCursor(doc)
                cursor.setPosition(fragment.position() + 1)
                browser.setTextCursor(cursor)
                browser.ensureCursorVisible()
                qtbot.wait(20)
                pos = browser.cursorRect(cursor).center()
                QTest.mouseClick(browser.viewport(), Qt.MouseButton.LeftButton, pos=pos)
                return
            it += 1
        block = block.next()
    raise AssertionError(f"no link {href_prefix}… in the transcript")


def test_the_transcripts_turn_link_brings_the_context_pane_forward(workbench, qtbot):
    window = _shown(workbench, qtbot)
    window.workspace_actions["conversation"].trigger()
    window.docks["context"].toggleViewAction().trigger()  # the person closed the Context pane
    assert window.docks["context"].isHidden()
    pane = window.pane("conversation")
    QTest.keyClicks(pane.message, "How was the vault migration decided?")
    with qtbot.waitSignal(pane.sig_turn_finished, timeout=60000) as finished:
        QTest.keyClick(pane.message, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: pane._handle is None, timeout=10000)
    _click_link(pane.transcript, qtbot, "turn:")
    qtbot.waitUntil(lambda: not window.docks["context"].visibleRegion().isEmpty(), timeout=5000)
    context = window.pane("context")
    qtbot.waitUntil(lambda: context.current_turn() is not None and context.current_turn()["id"] == finished.args[0],
                    timeout=10000)

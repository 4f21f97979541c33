"""The smaller things a new user tripped over on a laptop, each driven as a person does."""
from __future__ import annotations

import pytest

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QWidget

from linghun.workbench.dialogs.diff import DiffDialog
from tests.workbench.test_app_helpers import (  # noqa: F401 - fixtures
    entries_pane, isolated, no_thread_left, settings, warm_bytes, workbench,
)


@pytest.fixture(autouse=True)
def _no_modifier_left_pressed():
    """QTest's key clicks with Ctrl or Alt leave the application's modifier state pressed (their
    release carries the modifier): a later test's click would be a Ctrl+click."""
    yield
    probe = QWidget()
    QTest.keyRelease(probe, Qt.Key.Key_Control, Qt.KeyboardModifier.NoModifier)
    probe.deleteLater()


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


def test_back_in_english_the_editors_boxes_are_english_again(workbench, qtbot):
    window = _shown(workbench, qtbot)
    pane = entries_pane(workbench)
    _click_row(pane, 0)
    def texts():
        boxes = (pane.editor.kind, pane.editor.confidence)
        return [box.itemText(i) for box in boxes for i in range(box.count())]

    english = texts()
    window.language_actions["zh_CN"].trigger()
    qtbot.wait(50)  # the language change is an event posted to every widget
    chinese = texts()
    assert chinese != english
    pane.view.clearSelection()  # the editor shows no entry, its boxes keep their items
    window.language_actions["en"].trigger()
    qtbot.wait(50)
    assert texts() == english


def test_an_empty_home_says_how_to_begin_and_the_hint_goes_with_the_first_entry(workbench, qtbot, tmp_path):
    from linghun.core.home import MemoryHome

    window = _shown(workbench, qtbot)
    pane = entries_pane(workbench)
    assert not pane.empty_hint.isVisible()  # a home with entries
    empty = MemoryHome.resolve(tmp_path / "new-dsh")
    empty.ensure()
    assert window.open_home(empty.dsh_home, remember=False)
    window.workspace_actions["curate"].trigger()
    pane = entries_pane(workbench)
    qtbot.waitUntil(pane.empty_hint.isVisible)
    assert "no entries yet" in pane.empty_hint.text() and "Ctrl+N" in pane.empty_hint.text()
    window.ctx.memory.append("fact", "网关 | 超时 | 45s")
    qtbot.waitUntil(lambda: not pane.empty_hint.isVisible(), timeout=10000)


def _open_demo_copy(window, tmp_path):
    import shutil

    from linghun import resources

    shutil.copytree(resources.DEMO_HOME_DIR, tmp_path / "demo", ignore=shutil.ignore_patterns(".history"))
    assert window.open_home(tmp_path / "demo", remember=False)


def test_candidates_are_listed_by_rank(workbench, qtbot, tmp_path):
    from linghun.workbench.models.rounds import CandidatesModel

    window = _shown(workbench, qtbot)
    # the fixture's warm.md is small: the direct mode, whose candidates the trace lists in file
    # order, each with its BM25 rank
    window.workspace_actions["rounds"].trigger()
    rounds = window.pane("rounds")
    rounds.question.setText("订单服务 数据库 迁移 staging 回滚")
    with qtbot.waitSignal(rounds.sig_round_finished, timeout=30000):
        QTest.keyClick(rounds.question, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: rounds._handle is None, timeout=30000)
    rounds.strip.buttons["retriever"].click()
    model = rounds.candidates
    ranked = [model.index(r, 0).data() for r in range(model.rowCount())
              if not model.index(r, 0).data(CandidatesModel.NearMissRole) and model.index(r, 0).data()]
    assert len(ranked) >= 2
    assert [int(r) for r in ranked] == sorted(int(r) for r in ranked)
    assert ranked[0] == "1"


def test_candidates_model_sorts_a_trace_listed_by_entry_number(qtmodeltester):
    from linghun.workbench.models.rounds import CandidatesModel

    model = CandidatesModel()
    model.set_span({"candidates": [{"n": 3, "rank": 2, "score": 1.0}, {"n": 7, "rank": 1, "score": 2.0},
                                   {"n": 9, "score": 0.5}],
                    "near_misses": [{"n": 1, "score": 0.1}, {"n": 2, "score": 0.3}]})
    qtmodeltester.check(model)
    assert [model.index(r, 2).data() for r in range(model.rowCount())] == ["[7]", "[3]", "[9]", "[2]", "[1]"]


def test_why_not_offers_what_if_levers_in_the_direct_mode_too(workbench, qtbot):
    window = _shown(workbench, qtbot)
    window.workspace_actions["rounds"].trigger()
    rounds = window.pane("rounds")
    why = rounds.why_not
    rounds.views.setCurrentWidget(why)
    why.question.setText("改数据库结构之前要做什么？")
    why.entry.setText("[1]")  # matches no term: the editor leaves it out of the direct material
    with qtbot.waitSignal(why.sig_explained, timeout=60000):
        QTest.mouseClick(why.btn_explain, Qt.MouseButton.LeftButton)
    report = why.report.toPlainText()
    assert "direct" in report and "One change, re-run" in report
    assert "retrieval.mode = always" in report and "touch [1]" in report


def test_gap_fill_prefills_the_entity_and_attribute_the_question_names(workbench, qtbot, tmp_path):
    window = _shown(workbench, qtbot)
    _open_demo_copy(window, tmp_path)
    window.workspace_actions["gaps"].trigger()
    gaps = window.pane("gaps")
    qtbot.waitUntil(lambda: gaps.proxy.rowCount() > 0, timeout=10000)
    row = next(r for r in range(gaps.proxy.rowCount()) if "vault 的访问策略" in gaps.proxy.index(r, 1).data())
    index = gaps.proxy.index(row, 1)
    QTest.mouseClick(gaps.view.viewport(), Qt.MouseButton.LeftButton, pos=gaps.view.visualRect(index).center())
    button = gaps.toolbar.widgetForAction(gaps.act_fill)
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)
    editor = window.pane("entries").editor
    assert editor.is_new and not window.docks["entries"].visibleRegion().isEmpty()
    values = editor.forms["fact"].values()
    assert values[0] == "vault" and values[1] == "访问策略" and values[3].startswith("缺口 ")


def test_the_timeline_summary_counts_a_conversation_turn(workbench, qtbot):
    import re

    window = _shown(workbench, qtbot)
    window.workspace_actions["timeline"].trigger()
    journal = window.pane("journal")
    qtbot.waitUntil(lambda: journal.loaded and "journal turns" in journal.window_label.text(), timeout=20000)

    def turns() -> int:
        return int(re.search(r"(\d+) journal turns", journal.window_label.text()).group(1))

    before = turns()
    window.workspace_actions["conversation"].trigger()
    chat = window.pane("conversation")
    QTest.keyClicks(chat.message, "Remember the gateway timeout")
    with qtbot.waitSignal(chat.sig_turn_finished, timeout=60000):
        QTest.keyClick(chat.message, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: chat._handle is None, timeout=10000)
    window.workspace_actions["timeline"].trigger()
    qtbot.waitUntil(lambda: turns() == before + 1, timeout=20000)
    assert "Remember the gateway timeout" in journal.reader.toPlainText()


def test_undo_texts_follow_a_language_change(workbench, qtbot):
    window = _shown(workbench, qtbot)
    pane = entries_pane(workbench)
    _click_row(pane, 3)
    n = window.ctx.memory.entry(pane.selected_ids()[0]).n
    pane.act_flip.trigger()
    assert window.act_undo.text() == f"&Undo Flip [{n}] to wrong"
    window.language_actions["zh_CN"].trigger()
    qtbot.wait(50)
    chinese = window.act_undo.text()
    assert "Flip" not in chinese and f"[{n}]" in chinese
    window.language_actions["en"].trigger()
    qtbot.wait(50)
    assert window.act_undo.text() == f"&Undo Flip [{n}] to wrong"


def test_meaningful_colours_follow_a_switch_to_the_dark_theme(workbench, qtbot):
    from PySide6.QtGui import QPalette

    window = _shown(workbench, qtbot)
    label = window.status_problems
    light = label.palette().color(QPalette.ColorRole.WindowText)
    window.theme_actions["dark"].trigger()
    qtbot.wait(50)
    dark = label.palette().color(QPalette.ColorRole.WindowText)
    window_colour = label.palette().color(QPalette.ColorRole.Window)
    assert dark != light and dark.lightness() > window_colour.lightness() + 60  # readable on the dark window
    window.theme_actions["light"].trigger()
    qtbot.wait(50)
    assert label.palette().color(QPalette.ColorRole.WindowText) == light


def test_alt_3_sets_the_selected_entry_low_while_ctrl_3_switches_workspace(workbench, qtbot):
    window = _shown(workbench, qtbot)
    pane = entries_pane(workbench)
    _click_row(pane, 5)
    [chosen] = pane.selected_ids()
    assert window.ctx.memory.entry(chosen).confidence != "low"
    QTest.keyClick(pane.view, Qt.Key.Key_3, Qt.KeyboardModifier.AltModifier)
    assert window.ctx.memory.entry(chosen).confidence == "low"
    QTest.keyClick(pane.view, Qt.Key.Key_3, Qt.KeyboardModifier.ControlModifier)
    assert window.workspace == "rounds"


def test_the_open_home_dialog_speaks_chinese_whole(workbench, qtbot, tmp_path):
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QFileDialog, QLabel

    window = _shown(workbench, qtbot)
    window.language_actions["zh_CN"].trigger()
    qtbot.wait(50)
    seen = {}

    def read_and_cancel():
        dialog = next(w for w in QApplication.topLevelWidgets() if isinstance(w, QFileDialog) and w.isVisible())
        seen["labels"] = [label.text() for label in dialog.findChildren(QLabel) if label.text() and label.isVisible()]
        seen["native"] = not dialog.testOption(QFileDialog.Option.DontUseNativeDialog)
        dialog.reject()

    QTimer.singleShot(300, read_and_cancel)
    window.act_open.trigger()
    assert seen["native"] is False
    assert seen["labels"] and not any(ch.isascii() and ch.isalpha() for text in seen["labels"] for ch in text), \
        seen["labels"]
    window.language_actions["en"].trigger()
    qtbot.wait(50)


def test_a_link_to_another_pane_goes_to_a_workspace_that_has_it(workbench, qtbot):
    from linghun.workbench.panes.ontology.links import raise_pane

    window = _shown(workbench, qtbot)
    window.workspace_actions["rounds"].trigger()
    raise_pane(window.ctx, "gaps")  # the rounds pane's "open the gaps" button does this
    assert window.workspace == "gaps" and not window.docks["gaps"].visibleRegion().isEmpty()
    assert window.docks["rounds"].isHidden()  # not squeezed in beside the Rounds

"""Time travel: the slider opens the home as it stood at a captured moment, read-only, in every
pane; Now goes back. Nothing of the real home changes."""
from __future__ import annotations

import os

import pytest
from linghun import resources
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QInputDialog

from linghun.core.history import capture
from linghun.workbench.models.goals import GoalsModel
from tests.workbench.test_app_helpers import entries_pane, external_write, isolated, no_thread_left, settings, workbench  # noqa: F401
from tests.journeys.conftest import _when_modal as when_modal, answer_dialog, click_cell, show_pane
from tests.workbench.test_history_capture import Agent, newest_bytes, screenshot, shown_and_recorded


def _recorded_states(home) -> int:
    """How many states the home's history holds, once the captures due are written."""
    capture.flush(10)
    history = capture.history_of(home)
    return 0 if history is None else len(list(history.commits()))


def _agent_adds_a_rule(qtbot, travel, home, upstream_home) -> str:
    """The agent (another process) appends one rule; returns warm.md's new text once the time
    bar has loaded its state."""
    agent = Agent(upstream_home)
    try:
        newer = home.warm.read_text(encoding="utf-8") + "\n## 2026-10-08 09:00 [rule] high\n\n上线前先通知值班同事。\n"
        # more states than are recorded now: a reload still due for an earlier write (the goals
        # of the read-only test) also says ``n >= 2``, and a slide then lands before that write
        recorded = _recorded_states(home)
        with qtbot.waitSignal(travel.sig_states_loaded, timeout=10000, check_params_cb=lambda n: n > recorded):
            agent.step(op="warm", text=newer)
    finally:
        agent.close()
    return newer


@pytest.mark.slow
def test_the_slider_shows_the_home_as_it_stood_read_only_and_now_comes_back(workbench, qtbot, upstream_home, tmp_path):
    window = workbench.window
    home = window.ctx.home
    window.resize(1280, 800)
    window.show()
    travel = window.time_travel
    original = home.warm.read_bytes()
    qtbot.waitUntil(lambda: newest_bytes(home, "memory/warm.md") == original, timeout=10000)
    goals_json = (resources.DEMO_HOME_DIR / "linghun" / "memory" / "goals" / "goals.json").read_bytes()
    home.goals_dir.mkdir(exist_ok=True)
    external_write(home.goals, goals_json)
    qtbot.waitUntil(lambda: newest_bytes(home, "memory/goals/goals.json") == goals_json, timeout=10000)
    newer = _agent_adds_a_rule(qtbot, travel, home, upstream_home)
    pane = entries_pane(workbench)
    qtbot.waitUntil(lambda: pane.proxy.rowCount() == 11, timeout=5000)
    assert travel.slider.maximum() == len(travel.states) and travel.slider.value() == travel.slider.maximum()
    assert travel.when.text() == "now" and not travel.btn_now.isEnabled()

    # slide back to the moment before the agent's edit, with the keyboard
    travel.slider.setFocus()
    with qtbot.waitSignal(travel.sig_shown, timeout=15000, check_params_cb=lambda s: s == "past"):
        QTest.keyClick(travel.slider, Qt.Key.Key_Left)
        QTest.keyClick(travel.slider, Qt.Key.Key_Left)
    pane = entries_pane(workbench)
    assert window.ctx.home.root != home.root
    qtbot.waitUntil(lambda: pane.proxy.rowCount() == 10, timeout=5000)
    assert travel.banner.isVisible() and travel.banner.text().startswith("READ-ONLY · as it stood at ")
    for widget in (travel.banner, travel.btn_now, travel.btn_restore):  # on the bar, not in its overflow menu
        assert widget.isVisible() and travel.toolbar.rect().contains(widget.geometry())
    assert "(read-only)" in window.windowTitle()
    assert window.status_home.text().startswith("Read-only: ")
    past_warm = window.ctx.home.warm
    assert past_warm.read_bytes() == original
    assert not os.access(past_warm, os.W_OK) or os.geteuid() == 0  # root ignores permission bits
    assert not os.access(past_warm.parent, os.W_OK) or os.geteuid() == 0
    assert home.warm.read_bytes() == newer.encode("utf-8")  # the home itself is untouched
    screenshot(window, "time-travel-en", tmp_path)
    # an edit is unavailable, and a click on a disabled button starts nothing
    index = pane.proxy.index(0, 0)
    QTest.mouseClick(pane.view.viewport(), Qt.MouseButton.LeftButton, pos=pane.view.visualRect(index).center())
    assert not pane.act_flip.isEnabled()
    pane.act_flip.trigger()
    assert past_warm.read_bytes() == original
    rounds = window.pane("rounds")
    window.docks["rounds"].raise_()
    QTest.keyClicks(rounds.question, "deploy")
    QTest.mouseClick(rounds.btn_run, Qt.MouseButton.LeftButton)
    assert not rounds.btn_run.isEnabled() and rounds._handle is None
    conversation = window.pane("conversation")
    window.docks["conversation"].raise_()
    QTest.keyClicks(conversation.message, "remember this")
    QTest.mouseClick(conversation.btn_send, Qt.MouseButton.LeftButton)
    assert not conversation.btn_send.isEnabled() and conversation._handle is None
    # every pane's writing actions are unavailable, and triggering them changes nothing
    past_root = window.ctx.home.root
    before = {p: p.read_bytes() for p in past_root.rglob("*") if p.is_file()}
    goals, gaps, ontology = window.pane("goals"), window.pane("gaps"), window.pane("ontology")
    qtbot.waitUntil(lambda: goals.model.rowCount() > 0, timeout=5000)
    goal_actions = goals.context_actions(goals.model.goal(goals.model.index(0, 0).data(GoalsModel.IdRole)))
    writes = [pane.act_flip, pane.act_new, pane.act_delete, goals.act_add, goals.act_edit, *goal_actions,
              gaps.act_dismiss, gaps.act_rerun, ontology.act_consolidate, ontology.act_project, ontology.act_new]
    pane.view.selectRow(1)  # a pane's own enabling does not bring them back
    assert not any(a.isEnabled() for a in writes)
    for action in writes:
        action.trigger()
    assert {p: p.read_bytes() for p in past_root.rglob("*") if p.is_file()} == before
    assert home.warm.read_bytes() == newer.encode("utf-8")

    with qtbot.waitSignal(travel.sig_states_loaded, timeout=10000), \
            qtbot.waitSignal(travel.sig_shown, timeout=10000, check_params_cb=lambda s: s == "now"):
        QTest.mouseClick(travel.btn_now, Qt.MouseButton.LeftButton)
        assert travel.slider.value() == travel.slider.maximum() and travel.when.text() == "now"
    assert window.ctx.home.root == home.root
    assert not travel.banner.isVisible() and "(read-only)" not in window.windowTitle()
    qtbot.waitUntil(lambda: entries_pane(workbench).proxy.rowCount() == 11, timeout=5000)
    travel.slider.setFocus()
    with qtbot.waitSignal(travel.sig_shown, timeout=15000, check_params_cb=lambda s: s == "past"):
        QTest.keyClick(travel.slider, Qt.Key.Key_Left)
        QTest.keyClick(travel.slider, Qt.Key.Key_Left)
    assert travel.btn_restore.isEnabled() and window.ctx.home.warm.read_bytes() == original

    # back in the past, restore the whole warm.md as it stood: back to now, the exact old bytes, and Edit > Undo
    shown: list = []  # the restore's diff is shown and asked first
    _pick_warm_then_apply(shown)
    with qtbot.waitSignal(travel.sig_shown, timeout=10000, check_params_cb=lambda s: s == "now"):
        QTest.mouseClick(travel.btn_restore, Qt.MouseButton.LeftButton)
    assert shown == ["Restore a file"]
    assert window.ctx.home.root == home.root and home.warm.read_bytes() == original
    assert window.act_undo.isEnabled() and all(a.isEnabled() for a in (entries_pane(workbench).act_new,))
    window.act_undo.trigger()
    assert home.warm.read_bytes() == newer.encode("utf-8")
    window.act_redo.trigger()
    assert home.warm.read_bytes() == original
    window.act_undo.trigger()

    # a later writer's bytes are never overwritten by a redo (or undo) of the restore
    agents = newer.encode("utf-8") + "\n## 2026-10-09 09:00 [fact] medium\n\n值班表在 wiki 上。\n".encode("utf-8")
    external_write(home.warm, agents)
    window.act_redo.trigger()
    assert home.warm.read_bytes() == agents
    assert "changed by another writer" in window.statusBar().currentMessage()


@pytest.mark.slow
def test_cancelling_the_unsaved_changes_prompt_keeps_the_window_and_the_bar_on_the_state_shown(
        workbench, qtbot, upstream_home):
    window = workbench.window
    home = shown_and_recorded(qtbot, window)
    travel = window.time_travel
    _agent_adds_a_rule(qtbot, travel, home, upstream_home)
    pane = entries_pane(workbench)
    qtbot.waitUntil(lambda: pane.proxy.rowCount() == 11, timeout=5000)
    index = pane.proxy.index(0, 0)
    QTest.mouseClick(pane.view.viewport(), Qt.MouseButton.LeftButton, pos=pane.view.visualRect(index).center())
    QTest.keyClicks(pane.editor.stamp, "9")  # a draft now (a stamp no save takes: it stays a draft)
    assert pane.has_unsaved_changes()

    asked: list = []
    answer_dialog("Cancel", asked)
    travel.slider.setFocus()
    QTest.keyClick(travel.slider, Qt.Key.Key_Left)
    QTest.keyClick(travel.slider, Qt.Key.Key_Left)
    qtbot.waitUntil(lambda: bool(asked) and QApplication.activeModalWidget() is None, timeout=15000)
    # still now, and everything says so: the panes, the draft, the bar, the title
    assert "not saved" in asked[0]  # the unsaved-changes prompt
    assert window.ctx.home.root == home.root and travel.moment is None and window.ctx.past is None
    assert travel.slider.value() == travel.slider.maximum() and travel.when.text() == "now"
    assert not travel.btn_now.isEnabled() and not travel.banner.isVisible()
    assert "(read-only)" not in window.windowTitle() and entries_pane(workbench) is pane
    assert pane.has_unsaved_changes() and pane.editor.stamp.text().endswith("9")

    answer_dialog("Discard")
    with qtbot.waitSignal(travel.sig_shown, timeout=15000, check_params_cb=lambda s: s == "past"):
        QTest.keyClick(travel.slider, Qt.Key.Key_Left)
        QTest.keyClick(travel.slider, Qt.Key.Key_Left)
    assert window.ctx.past is not None and travel.btn_now.isEnabled() and travel.banner.isVisible()
    assert travel.slider.value() == travel.slider.maximum() - 2 and "(read-only)" in window.windowTitle()
    with qtbot.waitSignal(travel.sig_shown, timeout=10000, check_params_cb=lambda s: s == "now"):
        QTest.mouseClick(travel.btn_now, Qt.MouseButton.LeftButton)
    assert window.ctx.home.root == home.root and travel.moment is None and not travel.btn_now.isEnabled()
    assert travel.slider.value() == travel.slider.maximum()


def _to_the_state_before_the_rule(qtbot, workbench, upstream_home) -> str:
    """With the window shown, the agent adds a rule (11 entries); the person slides back to the
    state before it (10 entries), by keyboard. Returns warm.md's text now."""
    window = workbench.window
    home = shown_and_recorded(qtbot, window)
    travel = window.time_travel
    newer = _agent_adds_a_rule(qtbot, travel, home, upstream_home)
    qtbot.waitUntil(lambda: entries_pane(workbench).proxy.rowCount() == 11, timeout=5000)
    travel.slider.setFocus()
    with qtbot.waitSignal(travel.sig_shown, timeout=15000, check_params_cb=lambda s: s == "past"):
        QTest.keyClick(travel.slider, Qt.Key.Key_Left)
        QTest.keyClick(travel.slider, Qt.Key.Key_Left)
    qtbot.waitUntil(lambda: entries_pane(workbench).proxy.rowCount() == 10, timeout=5000)
    return newer


def _pick_warm_then_apply(shown: list) -> None:
    """Answer the next list of files to restore with memory/warm.md, then its diff with Apply.
    Polled, not waited for: the list opens once the comparison has run on a worker, which may be
    inside any wait of the event loop (a wait for it there holds the dialog's own loop below it)."""
    def pick_warm(dialog) -> bool:
        if not isinstance(dialog, QInputDialog):
            return False
        assert "memory/warm.md" in dialog.comboBoxItems()
        answer_dialog("Apply", shown)  # the diff is asked next
        dialog.setTextValue("memory/warm.md")
        dialog.accept()
        return True

    when_modal(pick_warm, 10000)


def _restore_warm_by_gestures(qtbot, travel) -> list:
    """Restore file… → pick memory/warm.md → Apply in the diff dialog; returns what was asked."""
    shown: list = []
    _pick_warm_then_apply(shown)
    with qtbot.waitSignal(travel.sig_shown, timeout=10000, check_params_cb=lambda s: s == "now"):
        QTest.mouseClick(travel.btn_restore, Qt.MouseButton.LeftButton)
    return shown


def _shown_entries(workbench) -> tuple[int, str]:
    """What the person reads: the rows of the Entries pane and the entry count of the status bar."""
    return entries_pane(workbench).proxy.rowCount(), workbench.window.status_counts.text().split(" entries")[0]


@pytest.mark.slow
def test_after_undoing_and_redoing_restore_file_every_pane_shows_the_present(workbench, qtbot, upstream_home):
    window = workbench.window
    home = window.ctx.home
    newer = _to_the_state_before_the_rule(qtbot, workbench, upstream_home)
    assert _restore_warm_by_gestures(qtbot, window.time_travel) == ["Restore a file"]
    assert home.warm.read_text(encoding="utf-8") != newer
    # the restored file, on screen at once (the panes follow our own write)
    qtbot.waitUntil(lambda: _shown_entries(workbench) == (10, "10"), timeout=3000)

    window.act_undo.trigger()  # Edit > Undo: warm.md is back to the agent's 11 entries
    assert home.warm.read_text(encoding="utf-8") == newer
    qtbot.waitUntil(lambda: _shown_entries(workbench) == (11, "11"), timeout=3000)
    pane = entries_pane(workbench)
    last = pane.proxy.index(pane.proxy.rowCount() - 1, 0)
    QTest.mouseClick(pane.view.viewport(), Qt.MouseButton.LeftButton, pos=pane.view.visualRect(last).center())
    assert "上线前先通知值班同事" in pane.editor.draft()["body"] and pane.editor.title.text() == "Entry [11]"

    window.act_redo.trigger()  # Edit > Redo: the restored file again
    qtbot.waitUntil(lambda: _shown_entries(workbench) == (10, "10"), timeout=3000)
    assert "上线前先通知值班同事" not in home.warm.read_text(encoding="utf-8")


def _button_of(toolbar, action):
    """The button a toolbar shows for ``action`` (what a person clicks)."""
    return toolbar.widgetForAction(action)


@pytest.mark.slow
def test_in_the_past_every_writing_control_is_disabled_not_refused_after_a_click(workbench, qtbot, upstream_home):
    window = workbench.window
    home = window.ctx.home
    goals_json = (resources.DEMO_HOME_DIR / "linghun" / "memory" / "goals" / "goals.json").read_bytes()
    home.goals_dir.mkdir(exist_ok=True)
    external_write(home.goals, goals_json)  # goals, so the Goals pane has a goal to select in the past
    qtbot.waitUntil(lambda: newest_bytes(home, "memory/goals/goals.json") == goals_json, timeout=10000)
    _to_the_state_before_the_rule(qtbot, workbench, upstream_home)
    reason = window.ctx.read_only
    assert window.time_travel.banner.isVisible() and "read-only" in reason

    # Entries: the entry reads in the editor; its fields, Save and every writing button are disabled
    pane = entries_pane(workbench)
    click_cell(pane.view, 0)
    editor = pane.editor
    assert editor.title.text() == "Entry [1]" and editor.draft()["body"]
    assert not any(w.isEnabled() for w in (editor.stamp, editor.kind, editor.confidence, editor.free_text,
                                          editor.stack.currentWidget(), editor.save_button, editor.revert_button))
    QTest.keyClicks(editor.stamp, "9")
    assert not pane.has_unsaved_changes() and editor.state_label.text() == reason
    click_cell(pane.view, 1, modifier=Qt.KeyboardModifier.ControlModifier)  # two chosen: Merge would be offered now
    for action in (pane.act_new, pane.confidence_menu.menuAction(), pane.act_flip, pane.act_revive, pane.act_touch,
                   pane.act_merge, pane.act_delete):
        assert not _button_of(pane.toolbar, action).isEnabled(), action.text()
    assert _button_of(pane.toolbar, pane.act_history).isEnabled()

    # Conversation: no message can be typed, nothing sent
    conversation = show_pane(window, "conversation")
    assert not conversation.message.isEnabled() and not conversation.btn_send.isEnabled()
    QTest.keyClicks(conversation.message, "remember this")
    assert conversation.message.text() == "" and conversation.status.text() == reason

    # Rounds: a question can be typed (to read), Run stays disabled
    rounds = show_pane(window, "rounds")
    QTest.keyClicks(rounds.question, "deploy")
    assert rounds.question.text() == "deploy" and not rounds.btn_run.isEnabled()

    # Gaps: the selected gap's note and its buttons
    gaps = show_pane(window, "gaps")
    qtbot.waitUntil(lambda: gaps.proxy.rowCount() > 0, timeout=5000)
    click_cell(gaps.view, 0, 1)
    assert gaps.current_gap() is not None
    assert not gaps.note_edit.isEnabled() and not gaps.btn_note.isEnabled()
    for action in (gaps.act_fill, gaps.act_rerun, gaps.act_dismiss):
        assert not _button_of(gaps.toolbar, action).isEnabled(), action.text()

    # Goals: the selected goal's transitions are shown, disabled; its diagram takes no click
    goals = show_pane(window, "goals")
    qtbot.waitUntil(lambda: goals.proxy.rowCount() > 0, timeout=30000)
    click_cell(goals.view, 0, 1)
    offered = [b for b in goals._state_buttons.values() if not b.isHidden()]
    assert offered and not any(b.isEnabled() for b in offered) and not goals.diagram.isEnabled()
    for action in (goals.act_add, goals.act_edit):
        assert not _button_of(goals.toolbar, action).isEnabled(), action.text()

    # Ontology: a node reads, and cannot be saved, reverted or deleted
    ontology = show_pane(window, "ontology")
    rules = next(r for r in range(ontology.proxy.rowCount()) if ontology.proxy.index(r, 0).data() == "Rules")
    click_cell(ontology.tree, rules)
    QTest.keyClick(ontology.tree, Qt.Key.Key_Right)
    QTest.keyClick(ontology.tree, Qt.Key.Key_Down)
    assert ontology._editing_node() is not None and ontology.theme_edit.isReadOnly()
    QTest.keyClicks(ontology.body_edit, "x")
    assert not any(b.isEnabled() for b in (ontology.btn_save, ontology.btn_revert, ontology.btn_delete))

    # Map: the budget can be tried, not saved
    assert not window.pane("map").btn_save_budget.isEnabled()

    # Now: the same controls are there to write with
    with qtbot.waitSignal(window.time_travel.sig_shown, timeout=10000, check_params_cb=lambda s: s == "now"):
        QTest.mouseClick(window.time_travel.btn_now, Qt.MouseButton.LeftButton)
    pane = entries_pane(workbench)
    qtbot.waitUntil(lambda: pane.proxy.rowCount() == 11, timeout=5000)
    click_cell(pane.view, 0)
    assert pane.editor.stamp.isEnabled() and pane.editor.state_label.text() == "Saved"
    assert _button_of(pane.toolbar, pane.act_flip).isEnabled()
    conversation = show_pane(window, "conversation")
    QTest.keyClicks(conversation.message, "remember this")
    assert conversation.btn_send.isEnabled()


@pytest.mark.slow
def test_in_the_past_an_entry_s_history_is_read_from_the_home_s_own_history(workbench, qtbot, upstream_home):
    window = workbench.window
    home = shown_and_recorded(qtbot, window)
    # the person flips [3] now, then the agent adds a rule: [3] has two versions
    pane = entries_pane(workbench)
    click_cell(pane.view, 2)
    pane.act_flip.trigger()
    qtbot.waitUntil(lambda: newest_bytes(home, "memory/warm.md") == home.warm.read_bytes(), timeout=10000)
    _agent_adds_a_rule(qtbot, window.time_travel, home, upstream_home)
    travel = window.time_travel
    travel.slider.setFocus()
    with qtbot.waitSignal(travel.sig_shown, timeout=15000, check_params_cb=lambda s: s == "past"):
        QTest.keyClick(travel.slider, Qt.Key.Key_Left)  # the newest state (the rule's)
        QTest.keyClick(travel.slider, Qt.Key.Key_Left)  # the one before: after the flip, before the rule
    pane = entries_pane(workbench)
    qtbot.waitUntil(lambda: pane.proxy.rowCount() == 10, timeout=5000)
    click_cell(pane.view, 2)

    pane.act_history.trigger()  # Entries > History (Ctrl+Shift+H)
    dialog = pane.history_dialog
    qtbot.waitUntil(lambda: dialog.table.rowCount() > 0 or "no version" in dialog.summary.text(), timeout=10000)
    rows = [(dialog.table.item(r, 1).text(), dialog.table.item(r, 2).text()) for r in range(dialog.table.rowCount())]
    assert rows == [("workbench", "flipped to wrong"), ("agent", "created")]
    assert dialog.summary.text().startswith("Written by agent on ") and "last changed by workbench" in dialog.summary.text()
    # nothing is restored into the past: the button says why
    click_cell(dialog.table, 1)
    assert not dialog.btn_restore.isEnabled() and dialog.btn_restore.toolTip() == window.ctx.read_only
    dialog.reject()


def test_in_the_past_settings_are_the_home_s_own_not_the_copy_s(workbench, qtbot, upstream_home):
    """Edit > Settings in the past shows and writes the real home's settings: the copy shown is
    read-only and removed when the bar moves on."""
    from linghun.workbench.dialogs.settings_dialog import SettingsDialog

    window = workbench.window
    home = shown_and_recorded(qtbot, window)
    _agent_adds_a_rule(qtbot, window.time_travel, home, upstream_home)
    travel = window.time_travel
    travel.slider.setFocus()
    with qtbot.waitSignal(travel.sig_shown, timeout=15000, check_params_cb=lambda s: s == "past"):
        QTest.keyClick(travel.slider, Qt.Key.Key_Left)
        QTest.keyClick(travel.slider, Qt.Key.Key_Left)
    assert window.ctx.home.root != home.root
    seen = []

    def read_and_cancel() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, SettingsDialog):
            QTimer.singleShot(20, read_and_cancel)
            return
        seen.append(dialog.home.root)
        dialog.reject()

    QTimer.singleShot(0, read_and_cancel)
    window.act_settings.trigger()
    assert seen == [home.root]


@pytest.mark.slow
def test_the_time_bar_moves_only_when_the_home_shown_really_changes(workbench, qtbot, upstream_home):
    window = workbench.window
    home = shown_and_recorded(qtbot, window)
    travel = window.time_travel
    newer = _agent_adds_a_rule(qtbot, travel, home, upstream_home)
    now_ctx = window.ctx

    # Go with the calendar at the current time: the home as it is, not a read-only copy of it
    QTest.mouseClick(travel.btn_go, Qt.MouseButton.LeftButton)
    qtbot.wait(1500)
    assert window.ctx is now_ctx and not travel.banner.isVisible() and travel.when.text() == "now"
    assert travel.slider.value() == travel.slider.maximum()

    # a date typed into the calendar stays while another process writes what the history does
    # not keep (a round trace): the states are read again, and are the same
    travel.calendar.setFocus()
    QTest.keyClick(travel.calendar, Qt.Key.Key_Up)
    picked = travel.calendar.dateTime()
    assert picked.date().year() > 2000 and picked != travel.calendar.minimumDateTime()
    states = list(travel.states)
    with qtbot.waitSignal(travel.sig_states_loaded, timeout=10000):
        trace = home.root / "memory" / "team" / "traces" / "20261008-090000-abcd.jsonl"
        trace.parent.mkdir(parents=True)
        external_write(trace, b'{"kind": "header", "round": "20261008-090000-abcd"}\n')
    assert travel.states == states and home.warm.read_text(encoding="utf-8") == newer
    assert travel.calendar.dateTime() == picked and travel.slider.value() == travel.slider.maximum()

    # in the past, a slide that comes back to the state shown before it was made opens nothing
    travel.slider.setFocus()
    with qtbot.waitSignal(travel.sig_shown, timeout=15000, check_params_cb=lambda s: s == "past"):
        QTest.keyClick(travel.slider, Qt.Key.Key_Left)
        QTest.keyClick(travel.slider, Qt.Key.Key_Left)
    past_ctx, value = window.ctx, travel.slider.value()
    QTest.keyClick(travel.slider, Qt.Key.Key_Right)
    QTest.keyClick(travel.slider, Qt.Key.Key_Left)
    qtbot.wait(1500)
    assert window.ctx is past_ctx and travel.slider.value() == value and travel.banner.isVisible()


def test_before_the_history_is_read_the_calendar_shows_now_not_qt_s_year_2000(qtbot, settings, upstream_home,
                                                                               no_thread_left):  # noqa: F811
    from datetime import datetime

    from linghun.workbench.app import Workbench

    settings.welcome_shown = True
    wb = Workbench(QApplication.instance(), settings)
    window = wb.window
    window.resize(1280, 800)
    wb.start(str(upstream_home))  # as the application starts; no event has run: the history is not read yet
    travel = window.time_travel
    assert not travel._loaded and travel.calendar.isVisible()
    shown = datetime.strptime(travel.calendar.text(), "%Y-%m-%d %H:%M")
    assert abs((datetime.now() - shown).total_seconds()) < 120
    qtbot.waitSignal(travel.sig_states_loaded, timeout=10000).wait()
    window._may_close_home = lambda: True
    window.close()
    window.deleteLater()

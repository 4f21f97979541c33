"""Messages are read whole, and panes leave lasting notes in the status bar."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from tests.workbench.test_app_helpers import isolated, no_thread_left, settings, workbench  # noqa: F401 - fixtures

INSTRUCTION = ("The home shown is a copy of the past and is read-only. Press Now to return to the present, "
               "then re-run the round to see what the memory holds today; its entries cannot be edited here.")


def _warmed_up(window, qtbot) -> None:
    """The index warm-up's own message ("Search index ready…") is said and gone."""
    qtbot.waitUntil(lambda: not window.ctx.warming, timeout=30000)
    window.notifications.clear()


def test_an_instruction_is_shown_whole_and_goes_away_when_dismissed(workbench, qtbot):
    window = workbench.window
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    _warmed_up(window, qtbot)
    window.show_message(INSTRUCTION, 0)
    qtbot.wait(50)
    label = window.notifications.label
    assert label.isVisible() and label.text() == INSTRUCTION
    # wrapped, not cut: the label is as tall as its text needs at its width
    assert label.heightForWidth(label.width()) <= label.height()
    assert label.mapTo(window, label.rect().bottomRight()).x() <= window.width()
    assert window.statusBar().currentMessage() == INSTRUCTION
    QTest.mouseClick(window.notifications.dismiss, Qt.MouseButton.LeftButton)
    assert not window.notifications.isVisible() and window.statusBar().currentMessage() == ""


def test_a_message_survives_a_workspace_switch_and_then_times_out(workbench, qtbot):
    window = workbench.window
    window.show()
    qtbot.waitExposed(window)
    _warmed_up(window, qtbot)
    window.show_message("Search again once the index is ready", 1500)
    window.workspace_actions["goals"].trigger()
    assert window.notifications.isVisible()
    qtbot.waitUntil(lambda: not window.notifications.isVisible(), timeout=5000)
    window.workspace_actions["curate"].trigger()
    assert not window.notifications.isVisible()  # the saved state does not bring the empty bar back


def test_a_pane_note_is_a_status_bar_button_that_shows_the_pane(workbench, qtbot):
    window = workbench.window
    window.show()
    qtbot.waitExposed(window)
    window.workspace_actions["curate"].trigger()
    window.pane("goals").sig_status_note.emit("3 goals need a look")
    button = window.pane_notes.buttons["goals"]
    qtbot.waitUntil(button.isVisible)
    assert button.text() == "3 goals need a look"
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)
    assert window.workspace == "goals"
    window.pane("goals").sig_status_note.emit("")
    assert not button.isVisible() and window.pane_notes.note("goals") == ""


def test_background_news_never_hides_what_the_persons_own_action_said(workbench, qtbot):
    """An encoding that finished a second after Save replaced "Merged into [6]" with "225 entries
    embedded for retrieval": what background work says waits for a free bar."""
    window = workbench.window
    window.show()
    qtbot.waitExposed(window)
    _warmed_up(window, qtbot)
    bar = window.notifications
    window.show_message("Merged into [6]")
    bar.show_aside("225 entries embedded for retrieval")
    assert bar.label.text() == "Merged into [6]"
    QTest.mouseClick(bar.dismiss, Qt.MouseButton.LeftButton)
    bar.show_aside("Search index ready: 225 entries")
    assert window.statusBar().currentMessage() == "Search index ready: 225 entries"
    bar.show_aside("225 entries embedded for retrieval")  # news replaces news
    assert bar.label.text() == "225 entries embedded for retrieval"
    window.show_message("Merged into [6]")  # and the person's own answer replaces news
    assert bar.label.text() == "Merged into [6]"

"""Workspaces: one screen per job, switched from the bar or by Ctrl+1…, each keeping its layout."""
from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QToolButton, QWidget

from linghun.workbench import workspaces
from tests.workbench.test_app_helpers import isolated, no_thread_left, settings, workbench  # noqa: F401 - fixtures


@pytest.fixture(autouse=True)
def _no_modifier_left_pressed():
    """QTest's key clicks with Ctrl or Alt leave the application's modifier state pressed (their
    release carries the modifier): a later test's click would be a Ctrl+click."""
    yield
    probe = QWidget()
    QTest.keyRelease(probe, Qt.Key.Key_Control, Qt.KeyboardModifier.NoModifier)
    probe.deleteLater()


def _shown(window) -> set[str]:
    return {name for name, dock in window.docks.items() if not dock.isHidden()}


def _expected(window, space_id: str) -> set[str]:
    return {n for n in workspaces.BY_ID[space_id].pane_names() if n in window.docks}


@pytest.fixture
def window(workbench, qtbot):
    win = workbench.window
    win.show()
    qtbot.waitExposed(win)
    win.activateWindow()
    qtbot.waitUntil(win.isActiveWindow)
    qtbot.wait(50)
    return win


def test_ctrl_number_shows_each_workspace_and_only_its_panes(window, qtbot):
    offered = [w.id for w in workspaces.WORKSPACES if w.id in window.workspace_actions]
    assert {"curate", "rounds", "conversation", "goals", "gaps", "timeline", "evaluate"} <= set(offered)
    for n, space in enumerate(workspaces.WORKSPACES, 1):
        if space.id not in window.workspace_actions:
            continue
        QTest.keyClick(window, Qt.Key(Qt.Key.Key_0 + n), Qt.KeyboardModifier.ControlModifier)
        assert window.workspace == space.id
        assert window.workspace_actions[space.id].isChecked()
        assert _shown(window) == _expected(window, space.id), space.id
        assert not any(window.docks[name].isFloating() for name in _shown(window))


def test_the_bar_switches_by_a_click(window, qtbot):
    button = window.workspace_bar.widgetForAction(window.workspace_actions["goals"])
    assert isinstance(button, QToolButton) and button.text() == "Goals"
    QTest.mouseClick(button, Qt.MouseButton.LeftButton)
    assert window.workspace == "goals" and _shown(window) == {"goals"}
    # a long title has a short label on the bar and says itself whole in the tooltip
    timeline = window.workspace_bar.widgetForAction(window.workspace_actions["timeline"])
    assert timeline.text() == "Timeline" and timeline.toolTip().startswith("Timeline and history")


def test_reset_restores_exactly_the_first_start(window, qtbot):
    # the background work of opening the home ends with a notice above the status bar, which
    # takes the docks' height while it shows: measured before and after it, two layouts differ
    qtbot.waitUntil(lambda: not window.ctx.tasks.running(), timeout=60000)
    window.notifications.clear()
    window.workspace_actions["conversation"].trigger()
    qtbot.wait(50)
    first = workspaces.dock_tree(window)
    assert set(first) == {"conversation", "context"}
    assert first["conversation"][0] != first["context"][0]  # side by side, not tabs
    # a person rearranges: the context floats, the entries join as a tab, a separator moves
    window.docks["context"].setFloating(True)
    window.docks["entries"].show()
    window.tabifyDockWidget(window.docks["conversation"], window.docks["entries"])
    qtbot.wait(50)
    assert workspaces.dock_tree(window) != first
    window.act_reset_layout.trigger()
    qtbot.wait(50)
    assert workspaces.dock_tree(window) == first
    # the other workspaces were not touched by it
    window.workspace_actions["curate"].trigger()
    qtbot.wait(50)
    tabs = workspaces.dock_tree(window)["entries"][2]
    assert set(tabs) == {f"dock-{n}" for n in ("ontology", "map") if n in window.docks}


def test_reset_keeps_tabs_tabbed(window, qtbot):
    """Reset used to un-tab every dock into a stack of 80 px slivers."""
    window.workspace_actions["curate"].trigger()
    qtbot.wait(50)
    first = workspaces.dock_tree(window)
    window.act_reset_layout.trigger()
    qtbot.wait(50)
    after = workspaces.dock_tree(window)
    assert after == first
    front = [name for name, leaf in after.items() if leaf[3]]
    assert front == ["entries"]
    assert window.docks["entries"].height() > 500


def test_each_workspace_keeps_its_own_arrangement_across_switches_and_restarts(window, qtbot, settings):
    from linghun.workbench.main_window import MainWindow

    window.workspace_actions["goals"].trigger()
    window.docks["goals"].setFloating(True)
    window.workspace_actions["rounds"].trigger()
    assert not window.docks["goals"].isVisible() and window.docks["rounds"].isVisible()
    window.workspace_actions["goals"].trigger()
    assert window.docks["goals"].isFloating()
    window.save_layout()
    assert settings.workspace == "goals"
    again = MainWindow(settings)
    qtbot.addWidget(again)
    assert again.workspace == "goals" and again.docks["goals"].isFloating()
    again.workspace_actions["rounds"].trigger()
    assert not again.docks["rounds"].isFloating() and _shown(again) == {"rounds"}
    window.docks["goals"].setFloating(False)
    again.close()


def test_dock_separators_are_wide_enough_to_grab(window, qtbot):
    window.workspace_actions["conversation"].trigger()
    qtbot.wait(50)
    left, right = window.docks["conversation"].geometry(), window.docks["context"].geometry()
    assert right.left() - left.right() - 1 >= 6


def test_a_pane_added_later_joins_its_workspace_by_name():
    names = {"entries", "evaluation", "rounds"}
    assert "review" not in {w.id for w in workspaces.offered(names)}
    assert "review" in {w.id for w in workspaces.offered(names | {"review"})}
    evaluate = workspaces.BY_ID["evaluate"].areas[0]
    assert workspaces.present_groups(evaluate, names) == [(["evaluation"], 1)]
    assert workspaces.present_groups(evaluate, names | {"health", "checks"}) == [(["evaluation", "checks", "health"], 1)]


def test_showing_a_pane_goes_to_a_workspace_that_has_it(window, qtbot):
    window.workspace_actions["goals"].trigger()
    window.show_pane("context")
    assert window.workspace == "conversation"
    assert not window.docks["context"].visibleRegion().isEmpty()
    window.show_pane("map")  # a tab behind the entries in Curate
    assert window.workspace == "curate" and not window.docks["map"].visibleRegion().isEmpty()


def test_the_panes_of_other_workspaces_are_not_refreshed_for_nobody(window, qtbot):
    window.workspace_actions["curate"].trigger()
    qtbot.wait(50)
    assert window.pane("goals").seen is False and window.pane("rounds").seen is False
    window.workspace_actions["goals"].trigger()
    qtbot.waitUntil(lambda: window.pane("goals").seen)
    assert window.pane("entries").seen is False


def test_no_workspace_asks_for_more_than_a_laptop_screen(window, qtbot):
    """A long home path in the status bar once made the window 1492 px wide at least."""
    window.set_home_note("Home: " + "/a/very/long/folder/name" * 12)
    for act in window.workspace_actions.values():
        act.trigger()
        qtbot.wait(20)
        hint = window.minimumSizeHint()
        assert hint.width() <= 1280 and hint.height() <= 720, (act.text(), hint)
    assert "Home: /a/very/long/folder/name/a/very" in window.status_home.toolTip()  # the whole text, on hover

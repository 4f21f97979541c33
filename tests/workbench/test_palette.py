"""The command palette: Ctrl+Shift+P, typed text narrows, Enter runs; it reaches every command."""
from __future__ import annotations

import pytest

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QMenu, QToolBar, QWidget

from linghun.workbench.dialogs.shortcuts import ShortcutsDialog
from linghun.workbench.palette import CommandPalette, clean_text, commands, fuzzy_score, ranked
from tests.workbench.test_app_helpers import isolated, no_thread_left, settings, workbench  # noqa: F401 - fixtures


@pytest.fixture(autouse=True)
def _no_modifier_left_pressed():
    """QTest's key clicks with Ctrl or Alt leave the application's modifier state pressed (their
    release carries the modifier): a later test's click would be a Ctrl+click."""
    yield
    probe = QWidget()
    QTest.keyRelease(probe, Qt.Key.Key_Control, Qt.KeyboardModifier.NoModifier)
    probe.deleteLater()


def _open_palette(window, qtbot) -> CommandPalette:
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    QTest.keyClick(window, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: isinstance(window.findChild(CommandPalette), CommandPalette)
                    and window.findChild(CommandPalette).isVisible())
    return window.findChild(CommandPalette)


def _menu_actions(menu: QMenu):
    for action in menu.actions():
        if action.menu() is not None:
            yield from _menu_actions(action.menu())
        elif not action.isSeparator() and clean_text(action):
            yield action


def test_ctrl_shift_p_typed_text_and_enter_reset_the_layout(workbench, qtbot):
    window = workbench.window
    window.workspace_actions["goals"].trigger()
    window.docks["goals"].setFloating(True)
    palette = _open_palette(window, qtbot)
    QTest.keyClicks(palette.query, "reset lay")
    assert palette.shown[0].action is window.act_reset_layout
    assert palette.results.currentItem().text().startswith("View: Reset Layout")
    QTest.keyClick(palette.query, Qt.Key.Key_Return)
    assert not palette.isVisible()
    assert not window.docks["goals"].isFloating()


def test_a_pane_command_brings_its_pane_forward_and_runs(workbench, qtbot):
    window = workbench.window
    window.workspace_actions["goals"].trigger()
    palette = _open_palette(window, qtbot)
    QTest.keyClicks(palette.query, "workspace conv")  # the Conversation workspace's bar action
    choice = palette.shown[0]
    assert choice.action is window.workspace_actions["conversation"]
    QTest.keyClick(palette.query, Qt.Key.Key_Return)
    assert window.workspace == "conversation"
    palette = _open_palette(window, qtbot)
    entry_cmds = [c for c in palette.available if c.pane == "entries" and c.action.isEnabled()]
    assert entry_cmds, "the entries pane's toolbar commands are in the palette"
    find = next(c for c in palette.available if c.pane == "entries" and "New" in c.text)
    QTest.keyClicks(palette.query, find.label)
    assert palette.shown[0] is find
    palette.reject()


def test_up_and_down_choose_and_a_disabled_command_does_not_run(workbench, qtbot):
    window = workbench.window
    palette = _open_palette(window, qtbot)
    QTest.keyClicks(palette.query, "redo")
    redo = next(n for n, c in enumerate(palette.shown) if c.action is window.act_redo)
    assert not window.act_redo.isEnabled()
    palette.results.setCurrentRow(redo)
    QTest.keyClick(palette.query, Qt.Key.Key_Return)
    assert palette.isVisible()  # nothing ran
    palette.query.clear()
    row = palette.results.currentRow()
    QTest.keyClick(palette.query, Qt.Key.Key_Down)
    after = palette.results.currentRow()
    assert after > row and palette.shown[after].action.isEnabled()  # a disabled command is skipped
    palette.reject()


def test_the_palette_reaches_every_menu_toolbar_and_f1_entry(workbench, qtbot):
    window = workbench.window
    for workspace in list(window.workspace_actions):  # every pane built and shown once
        window.workspace_actions[workspace].trigger()
    reachable = {id(c.action) for c in commands(window)}
    in_menus = [a for menu in window.menuBar().findChildren(QMenu) if menu.parent() is window.menuBar()
                for a in _menu_actions(menu)]
    assert len(in_menus) > 20
    missing = [clean_text(a) for a in in_menus if id(a) not in reachable]
    assert not missing, f"in a menu, not in the palette: {missing}"
    in_toolbars = []
    for bar in window.findChildren(QToolBar):
        for a in bar.actions():
            if a.menu() is not None:  # a button with a menu: its choices are the commands
                in_toolbars += list(_menu_actions(a.menu()))
            elif clean_text(a) and not a.isSeparator():
                in_toolbars.append(a)
    missing = [clean_text(a) for a in in_toolbars if id(a) not in reachable]
    assert not missing, f"on a toolbar, not in the palette: {missing}"
    dialog = ShortcutsDialog(window)
    listed = {(dialog.table.item(r, 1).text(), dialog.table.item(r, 2).text()) for r in range(dialog.table.rowCount())}
    by_text = {(c.text, c.keys) for c in commands(window)}
    assert listed and listed <= by_text
    assert ("Command Palette", "Ctrl+Shift+P") in listed
    assert {f"Ctrl+{n}" for n in range(1, 5)} <= {keys for _t, keys in listed}
    dialog.deleteLater()
    every_action_with_a_key = [a for a in window.findChildren(QAction) if not a.shortcut().isEmpty() and clean_text(a)]
    assert all(id(a) in reachable for a in every_action_with_a_key)


def test_fuzzy_matching_prefers_word_starts_and_runs():
    assert fuzzy_score("rl", "Reset Layout") > fuzzy_score("rl", "Reload Home")
    assert fuzzy_score("xyz", "Reset Layout") is None
    assert fuzzy_score("", "anything") == 0
    assert fuzzy_score("undo", "Edit: Undo") > fuzzy_score("undo", "Run nodes, do")
    assert [c for c in ranked("", [])] == []


def test_no_window_key_is_also_a_pane_key(workbench):
    """A key of the window (Ctrl+1… for the workspaces) that a pane also uses is ambiguous: Qt
    runs neither (the entries' Ctrl+1…3 for the confidences did nothing once Ctrl+1… switched)."""
    window = workbench.window
    everywhere = [c for c in commands(window) if c.keys and not c.pane]
    in_panes = {}
    for c in commands(window):
        if c.keys and c.pane:
            in_panes.setdefault(c.keys, []).append(f"{c.where}: {c.text}")
    clashes = {c.keys: (c.text, in_panes[c.keys]) for c in everywhere if c.keys in in_panes}
    assert not clashes, clashes
    keys = [c.keys for c in everywhere]
    assert len(keys) == len(set(keys)), sorted(k for k in keys if keys.count(k) > 1)

"""The one way the workbench connects an action (or a button) to what it does.

``QAction.triggered`` and ``QAbstractButton.clicked`` carry ``checked: bool``. PySide hands that
argument to any slot that can take it, so a slot with an optional parameter
(``flip_to_wrong(ids=None)``) is called with ``ids=False``: it raised "'bool' object is not
iterable" or quietly did nothing. Every action is therefore connected through ``on_trigger``,
which calls the slot with no argument at all; ``tests/workbench/test_actions.py`` checks that no
other module connects ``triggered`` / ``clicked`` itself.
"""
from __future__ import annotations

from typing import Callable

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction, QActionGroup, QIcon, QKeySequence


def on_trigger(signal, slot: Callable[[], object]) -> None:
    """Connect ``signal`` (``triggered``, ``clicked``...) so that ``slot()`` runs with no argument."""
    signal.connect(lambda *_ignored: slot())


def on_group_trigger(group: QActionGroup, slot: Callable[[QAction], object]) -> None:
    """Connect an action group: ``slot(action)`` gets the action that was chosen."""
    group.triggered.connect(slot)


def make_action(parent: QObject, slot: Callable[[], object] | None = None, *, text: str = "",
                icon: QIcon | None = None, shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None,
                context: Qt.ShortcutContext | None = None) -> QAction:
    """A ``QAction`` owned by ``parent`` that calls ``slot()`` (no argument) when triggered.

    ``context`` limits the shortcut (e.g. ``WidgetWithChildrenShortcut`` for a pane's own keys;
    the action must then be added to that widget)."""
    action = QAction(parent)
    if text:
        action.setText(text)
    if icon is not None:
        action.setIcon(icon)
    if shortcut is not None:
        action.setShortcut(shortcut if isinstance(shortcut, QKeySequence) else QKeySequence(shortcut))
    if context is not None:
        action.setShortcutContext(context)
    if slot is not None:
        on_trigger(action.triggered, slot)
    return action


def add_tool_action(toolbar, icon: QIcon, slot: Callable[[], object], text: str = "",
                    shortcut: QKeySequence | QKeySequence.StandardKey | str | None = None) -> QAction:
    """Add an action to ``toolbar`` (or a menu) that calls ``slot()`` with no argument.

    A ``shortcut`` works while the keyboard focus is anywhere in the toolbar's pane (the action is
    added to the pane too), so each pane's keys can repeat another pane's."""
    action = make_action(toolbar, slot, text=text, icon=icon, shortcut=shortcut,
                         context=Qt.ShortcutContext.WidgetWithChildrenShortcut if shortcut is not None else None)
    toolbar.addAction(action)
    if shortcut is not None and toolbar.parentWidget() is not None:
        toolbar.parentWidget().addAction(action)
    return action


def button_shortcut(pane, button, shortcut: str) -> QAction:
    """``shortcut`` presses ``button`` while the focus is in ``pane`` (listed in Help > Keyboard
    shortcuts under the button's text)."""
    action = make_action(pane, button.click, shortcut=shortcut, context=Qt.ShortcutContext.WidgetWithChildrenShortcut)
    pane.addAction(action)
    return action


def name_button_shortcut(action: QAction, button) -> None:
    """After a language change: the action is named as its button, whose tooltip shows the key."""
    action.setText(button.text())
    key = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
    if key and key not in button.toolTip():
        button.setToolTip(f"{button.toolTip()} ({key})".strip())

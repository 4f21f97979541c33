"""Actions and buttons are connected only through ``workbench.actions``.

``triggered(bool)`` / ``clicked(bool)`` hand ``checked`` to any slot that can take an argument:
``flip_to_wrong(ids=None)`` got ``ids=False`` and failed. The helper calls slots with no argument;
this test keeps every module on it.
"""
from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QPushButton

from linghun.workbench.actions import make_action, on_trigger

WORKBENCH = Path(__file__).resolve().parents[2] / "workbench"
# a direct connection of a bool-carrying signal, or QMenu/QToolBar.addAction(..., callable)
DIRECT = re.compile(r"\.(triggered|clicked)\.connect\(|\.addAction\((?!make_action)[^\n]*,\s*(self\.\w+|lambda|partial)")


def test_no_module_connects_actions_or_buttons_itself():
    offenders = []
    for path in sorted(WORKBENCH.rglob("*.py")):
        if path.name == "actions.py":
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if DIRECT.search(line):
                offenders.append(f"{path.relative_to(WORKBENCH.parent)}:{n}: {line.strip()}")
    assert not offenders, "connect through workbench.actions:\n" + "\n".join(offenders)


def test_a_slot_with_an_optional_parameter_gets_no_checked_flag(qapp):
    calls = []

    def flip(ids=None):
        calls.append(ids)

    action = make_action(None, flip, text="Flip", shortcut="Ctrl+Shift+W")
    action.setCheckable(True)
    action.trigger()
    button = QPushButton("Go")
    on_trigger(button.clicked, flip)
    button.click()
    assert calls == [None, None]
    assert isinstance(action, QAction) and action.shortcut().toString() == "Ctrl+Shift+W"
    action.deleteLater()

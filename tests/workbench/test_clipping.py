"""Nothing is cut on a laptop screen: every workspace and every dialog at 1280x800 and 1280x720,
in English and Chinese, is checked by ``tests.workbench.clipping`` (text narrower than itself, a
widget outside its parent, a table of fewer than five rows, commands behind a toolbar's »)."""
from __future__ import annotations

import pytest
from PySide6.QtWidgets import QDialog

from linghun.core.goals.model import Goal
from tests.workbench.clipping import problems, problems_on_every_tab
from tests.workbench.test_app_helpers import isolated, no_thread_left, settings, workbench  # noqa: F401 - fixtures

SIZES = [(1280, 800), (1280, 720)]
LANGUAGES = ["en", "zh_CN"]

LONG_RESULT = ("Failed: Could not connect to https://llm.internal.example/v1 (connection refused); check the "
               "endpoint and the key, then Test again.")


@pytest.fixture(params=LANGUAGES)
def language(request, workbench, qtbot):
    workbench.window.language_actions[request.param].trigger()
    qtbot.wait(20)
    return request.param


def _settle(qtbot):
    def settle():
        qtbot.wait(30)
    return settle


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_workspace_cuts_a_text_a_widget_or_a_table(workbench, language, size, qtbot):
    window = workbench.window
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    qtbot.wait(200)
    found = []
    for workspace, act in window.workspace_actions.items():
        act.trigger()
        qtbot.wait(60)
        for name, dock in window.docks.items():
            if dock.isHidden():
                continue
            window.show_pane(name)
            qtbot.wait(60)
            found += [f"{workspace}/{name}: {p}" for p in problems_on_every_tab(window, _settle(qtbot))]
    found = sorted(set(found))
    assert not found, "\n".join(found)


def _dialogs(window):
    """Every dialog of the workbench, built as the window builds it for the open home."""
    from linghun.workbench.dialogs.about import AboutDialog
    from linghun.workbench.dialogs.conflict import ConflictDialog
    from linghun.workbench.dialogs.diff import DiffDialog
    from linghun.workbench.dialogs.entry_history import EntryHistoryDialog
    from linghun.workbench.dialogs.settings_dialog import SettingsDialog
    from linghun.workbench.dialogs.shortcuts import ShortcutsDialog
    from linghun.workbench.dialogs.welcome import WelcomeDialog
    from linghun.workbench.palette import CommandPalette
    from linghun.workbench.panes.goals.dialog import GoalDialog

    ctx = window.ctx
    entry = ctx.memory.latest().entries[0]
    text = ctx.home.warm.read_text(encoding="utf-8")
    settings_dialog = SettingsDialog(window.settings, ctx.home, window)
    settings_dialog._show_test(False, LONG_RESULT)
    return {
        "about": AboutDialog(window, ctx.home),
        "conflict": ConflictDialog("warm.md", text, text + "\nmine", text + "\ntheirs", window),
        "diff": DiffDialog("Flip to wrong", "This changes one entry of warm.md.", text, text.replace("high", "wrong", 1),
                           parent=window),
        "entry-history": EntryHistoryDialog(ctx, entry, window),
        "settings": settings_dialog,
        "shortcuts": ShortcutsDialog(window),
        "welcome": WelcomeDialog(window),
        "palette": CommandPalette(window),
        "goal": GoalDialog(["career", "health"], None, window),
    }


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_dialog_cuts_a_text_a_widget_or_a_table(workbench, language, size, qtbot):
    window = workbench.window
    window.resize(*size)
    window.show()
    qtbot.waitExposed(window)
    found = []
    for name, dialog in _dialogs(window).items():
        dialog.show()
        qtbot.waitExposed(dialog)
        qtbot.wait(50)
        assert dialog.frameGeometry().height() <= size[1] and dialog.frameGeometry().width() <= size[0], name
        found += [f"{name}: {p}" for p in problems_on_every_tab(dialog, _settle(qtbot))]
        dialog.done(QDialog.DialogCode.Rejected)
        dialog.deleteLater()
    found = sorted(set(found))
    assert not found, "\n".join(found)


def test_the_checker_sees_a_cut_label_a_stray_widget_and_a_short_table(qtbot):
    """The checks can fail: a label narrower than its text, a button off its parent, a 2-row table."""
    from PySide6.QtWidgets import QLabel, QPushButton, QTableWidget, QWidget

    root = QWidget()
    qtbot.addWidget(root)
    root.resize(300, 300)
    label = QLabel("A label whose text is far wider than the room it is given", root)
    label.setGeometry(0, 0, 80, 20)
    stray = QPushButton("Off", root)
    stray.setGeometry(250, 10, 100, 24)
    table = QTableWidget(10, 2, root)
    table.setGeometry(0, 100, 200, 60)
    root.show()
    qtbot.waitExposed(root)
    found = "\n".join(problems(root))
    assert "far wider" in found and "'Off': outside its parent" in found and "QTableWidget[] '': shows 0 rows" in found


def test_every_control_of_the_daily_workspaces_has_a_name_a_screen_reader_can_say(workbench, qtbot):
    from tests.workbench.clipping import unnamed_controls

    window = workbench.window
    window.show()
    qtbot.waitExposed(window)
    found = set(unnamed_controls(window))  # the window's own bars
    for workspace in ("curate", "rounds", "conversation", "goals", "gaps", "timeline"):
        window.workspace_actions[workspace].trigger()
        for name, dock in window.docks.items():
            if not dock.isHidden():
                window.show_pane(name)
                qtbot.wait(20)
                found |= {f"{workspace}/{name}: {p}" for p in unnamed_controls(dock)}
    assert not found, "\n".join(sorted(found))

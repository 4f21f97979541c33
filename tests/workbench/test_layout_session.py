"""A restart shows what was left: the home, the workspace, the entry selected, the window's size."""
from __future__ import annotations

from tests.workbench.test_app_helpers import (  # noqa: F401 - fixtures
    entries_pane, isolated, no_thread_left, settings, workbench,
)


def test_a_restart_shows_the_home_workspace_selection_and_geometry(workbench, qtbot, settings, upstream_home):
    from linghun.workbench.app import Workbench, start_home

    window = workbench.window
    window.show()
    qtbot.waitExposed(window)
    window.workspace_actions["curate"].trigger()
    pane = entries_pane(workbench)
    chosen = window.ctx.memory.entries()[4].id
    assert pane.select_entry(chosen)
    window.resize(780, 700)  # within the offscreen screen (restoreGeometry keeps a window on it)
    qtbot.wait(50)
    size = (window.width(), window.height())  # the window keeps a minimum width
    window.workspace_actions["goals"].trigger()
    window.close()

    again = Workbench(workbench.app, settings)
    qtbot.addWidget(again.window)
    path, _note = start_home(None, settings)
    assert path == upstream_home  # the last home opened
    again.open_start_home(None)
    try:
        assert again.window.workspace == "goals"
        assert (again.window.width(), again.window.height()) == size != (1280, 800)
        assert again.window.pane("entries").selected_ids() == [chosen]
    finally:
        again.window._may_close_home = lambda: True
        again.window.close()

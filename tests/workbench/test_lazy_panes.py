"""Opening a home builds only the panes that can be seen; another pane is built when it is first
shown (its tab clicked, its workspace chosen) and works as if it had been built with the home. A
pane that speaks in the status bar while nobody sees it (the checks) is built once the home has
loaded. Building all thirteen panes was one 250 ms stall of the GUI thread at 100k entries."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from linghun.workbench.panes.checks.pane import ChecksPane
from linghun.workbench.panes.entries.pane import EntriesPane
from linghun.workbench.panes.goals.pane import GoalsPane
from linghun.workbench.panes.ontology.pane import OntologyPane
from tests.journeys.conftest import show_pane
from tests.workbench.test_app_helpers import isolated, no_thread_left, settings  # noqa: F401 - fixtures


def _window(qtbot, settings):
    from linghun.workbench.app import Workbench
    from tests.workbench.test_app_helpers import qtbot_app

    wb = Workbench(qtbot_app(qtbot), settings)
    window = wb.window
    window.resize(1280, 800)
    window.show()  # the home is opened in a window on screen, as File > Open does
    qtbot.waitExposed(window)
    return wb, window


def _close(wb) -> None:
    wb.window.close()
    wb.window.deleteLater()


def test_a_pane_not_seen_is_built_when_its_tab_is_clicked_and_works(qtbot, settings, upstream_home, no_thread_left):
    wb, window = _window(qtbot, settings)
    try:
        assert window.workspace == "curate"
        window.open_home(upstream_home, remember=False)
        assert window.findChild(EntriesPane) is not None  # in front: built with the home
        assert window.findChild(OntologyPane) is None and window.findChild(GoalsPane) is None  # behind, elsewhere
        # the checks say "N failing" in the status bar from the start: built unseen once loaded
        qtbot.waitUntil(lambda: window.findChild(ChecksPane) is not None and not window.panes_pending, timeout=20000)
        checks = window.findChild(ChecksPane)
        qtbot.waitUntil(lambda: checks._run_handle is None, timeout=20000)
        assert window.docks["checks"].isHidden()

        ontology = show_pane(window, "ontology")  # its tab clicked
        assert isinstance(ontology, OntologyPane) and window.findChild(OntologyPane) is ontology
        assert ontology.seen and ontology.model.rowCount() > 0  # the home's ontology, read when built
        ontology.tree.setFocus()
        QTest.keyClick(ontology.tree, Qt.Key.Key_Down)  # it answers the keyboard like any other pane

        button = window.workspace_bar.widgetForAction(window.workspace_actions["goals"])
        QTest.mouseClick(button, Qt.MouseButton.LeftButton)
        goals = window.findChild(GoalsPane)
        assert goals is not None and window.pane("goals") is goals and goals.seen

        # reopened, the panes are built anew: again only those that can be seen
        window.reload_home()
        assert window.findChild(GoalsPane) is not None  # the Goals workspace is the one shown
        qtbot.waitUntil(lambda: window.findChild(OntologyPane) is None, timeout=5000)  # the old one deleted
    finally:
        _close(wb)


def test_a_pane_asked_for_by_name_is_built_then_and_an_unbuilt_pane_keeps_its_saved_session(
        qtbot, settings, upstream_home, no_thread_left):
    wb, window = _window(qtbot, settings)
    try:
        window.open_home(upstream_home, remember=False)
        entries = window.pane("entries")
        first = entries.model.ids()[2]
        entries.select_entry(first)
        window.switch_workspace("goals")  # the entries leave the screen, still built
        window.open_home(upstream_home, remember=False)  # the session is kept on closing
        assert window.findChild(EntriesPane) is not None  # the status bar counts its rows: always built
        assert window.pane("entries").selected_ids() == [first]
        assert window.findChild(OntologyPane) is None  # never built: not on the way to the Goals either
        assert isinstance(window.pane("ontology"), OntologyPane)  # asked for (a link to an entry...): built now
    finally:
        _close(wb)


def test_the_checks_built_unseen_draw_their_history_when_first_shown(qtbot, settings, upstream_home, no_thread_left):
    """The checks pane is built while nobody sees it (its status note), without its plot: pyqtgraph
    is imported when the plot is first seen, and the plot shows the runs made meanwhile."""
    import sys

    wb, window = _window(qtbot, settings)
    try:
        window.open_home(upstream_home, remember=False)
        qtbot.waitUntil(lambda: window.findChild(ChecksPane) is not None and not window.panes_pending, timeout=20000)
        checks = window.findChild(ChecksPane)
        qtbot.waitUntil(lambda: checks._run_handle is None and checks._report is not None, timeout=20000)
        assert checks.plot is None
        shown = show_pane(window, "checks")  # the Evaluate workspace, then the Checks tab
        assert shown is checks and checks.plot is not None and "pyqtgraph" in sys.modules
        assert checks.plot.isVisible() and len(checks.curve_pass.getData()[0] or []) == len(checks._history)
    finally:
        _close(wb)

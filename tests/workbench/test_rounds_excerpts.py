"""The rounds pane shows which passage a round cut from which long entry (core/excerpt.py)."""
from __future__ import annotations

import threading

import pytest

from linghun.workbench.models.rounds import CandidatesModel
from linghun.workbench.panes import WorkbenchContext
from linghun.workbench.panes.rounds import RoundsPane
from linghun.workbench.settings import Settings
from tests.core.test_excerpt import ANSWER_EN, LONG_EN, WIDE, _long_home
from tests.workbench.test_rounds_pane import _run, _Window
from tests.workbench.test_app_helpers import isolated, no_thread_left, settings  # noqa: F401 - fixtures

from PySide6.QtCore import Qt


@pytest.fixture
def pane(tmp_path, qtbot):
    window = _Window()
    qtbot.addWidget(window)
    context = WorkbenchContext.open(_long_home(tmp_path), Settings(tmp_path / "settings.ini"), window)
    widget = RoundsPane.create(context)
    qtbot.addWidget(widget)
    yield widget
    widget.shutdown()
    qtbot.waitUntil(lambda: widget._handle is None and widget._rerun_handle is None, timeout=10000)
    context.close()
    assert not [t for t in threading.enumerate() if t.name.startswith("linghun-task")]


def test_the_candidates_tab_names_the_passage_cut_from_each_long_entry(pane, qtbot):
    live = _run(pane, qtbot, WIDE)
    span = live.roles["retriever"].span
    anna = next(c for c in span["candidates"] if c["n"] == 35)
    x = anna["excerpt"]
    assert x["full_chars"] == len(LONG_EN)
    qtbot.waitUntil(lambda: pane.candidates.rowCount() > 0, timeout=3000)
    row = next(r for r in range(pane.candidates.rowCount())
               if pane.candidates.index(r, 2).data().startswith("[35]"))
    entry = pane.candidates.index(row, 2)
    assert entry.data() == f"[35] · excerpt {x['start']}-{x['end']} of {len(LONG_EN)}"
    assert "memory_drill [35]" in entry.data(Qt.ItemDataRole.ToolTipRole)
    assert ANSWER_EN in pane.candidates.index(row, 6).data(Qt.ItemDataRole.ToolTipRole)
    # the retriever's decisions say it too, in the Role tab
    qtbot.waitUntil(lambda: "excerpt" in pane.role_view.toPlainText(), timeout=3000)
    assert f"[35] characters {x['start']}-{x['end']} of {len(LONG_EN)}" in pane.role_view.toPlainText()
    assert "memory_drill pointer=[35]" in pane.bundle_view.toPlainText()
    assert isinstance(pane.candidates, CandidatesModel)


def test_an_entry_shown_whole_keeps_its_plain_label(qtmodeltester):
    model = CandidatesModel()
    model.set_span({"candidates": [
        {"id": "a", "n": 3, "rank": 1, "score": 1.0, "via": "bm25", "text": "[3] whole"},
        {"id": "b", "source": "timeline", "path": "/x/memory_ontology.md", "line": 7, "rank": 2, "score": 0.5,
         "via": "bm25", "text": "…part…", "excerpt": {"start": 10, "end": 90, "chars": 80, "full_chars": 900,
                                                      "pointer": "memory@7"}}]})
    assert model.index(0, 2).data() == "[3]" and model.index(0, 2).data(Qt.ItemDataRole.ToolTipRole) is None
    assert model.index(1, 2).data() == "memory_ontology.md:7 · excerpt 10-90 of 900"
    assert "memory_drill memory@7" in model.index(1, 2).data(Qt.ItemDataRole.ToolTipRole)
    qtmodeltester.check(model, force_py=True)


def test_a_person_asks_in_the_window_and_reads_which_passage_was_cut(qtbot, settings, tmp_path, no_thread_left):  # noqa: F811
    """By gesture, on the real main window: the question typed into the Rounds pane, Run clicked,
    the Candidates tab clicked; the long entry's row names the passage cut, and the bundle shown
    holds the drill pointer to the whole."""
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from linghun.workbench.app import Workbench

    home = _long_home(tmp_path)
    bench = Workbench(QApplication.instance(), settings)
    window = bench.window
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    window.open_home(home.dsh_home, remember=False)
    qtbot.waitUntil(lambda: not window.ctx.warming, timeout=60_000)
    rounds = window.pane(RoundsPane.NAME)
    window.docks[RoundsPane.NAME].show()
    window.docks[RoundsPane.NAME].raise_()
    QTest.keyClicks(rounds.question, WIDE)
    QTest.mouseClick(rounds.btn_run, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: rounds._handle is None and rounds.candidates.rowCount() > 0, timeout=60_000)
    bar = rounds.tabs.tabBar()
    QTest.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(1).center())  # Candidates
    assert rounds.tabs.currentWidget() is rounds.candidates_view
    labels = [rounds.candidates.index(r, 2).data() for r in range(rounds.candidates.rowCount())]
    row = next(r for r, label in enumerate(labels) if label.startswith("[35] · excerpt "))
    assert labels[row].endswith(f" of {len(LONG_EN)}")
    view = rounds.candidates_view  # the label is read whole, not elided to "[35] · …"
    assert view.columnWidth(2) >= view.fontMetrics().horizontalAdvance(labels[row])
    assert "memory_drill pointer=[35]" in rounds.bundle_view.toPlainText()
    window._may_close_home = lambda: True
    window.close()

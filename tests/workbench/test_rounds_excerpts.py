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

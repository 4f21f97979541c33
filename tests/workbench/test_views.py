"""Every view of a model written in Python paints inside one Python call, and the entries table
reads each cell in one (``workbench/views.py``)."""
from __future__ import annotations

from PySide6.QtCore import QAbstractProxyModel, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QStyledItemDelegate

from tests.workbench.test_app_helpers import entries_pane, isolated, no_thread_left, settings, workbench  # noqa: F401 - fixtures
from linghun.workbench.models.entries import COL_CONFIDENCE
from linghun.workbench.views import HeaderView, SourceDataDelegate, TableView, TreeView


def _python_model(model) -> bool:
    """The model, or the one a Qt proxy shows, is a class of ours (its data() is Python)."""
    while isinstance(model, QAbstractProxyModel) and not type(model).__module__.startswith("linghun"):
        model = model.sourceModel()
    return model is not None and type(model).__module__.startswith("linghun")


def test_every_view_of_a_python_model_holds_the_gil_while_it_paints(workbench):
    for name in workbench.window.docks:  # every pane built (a pane not seen is built when asked for)
        workbench.window.pane(name)
    views = [v for v in workbench.window.findChildren(QAbstractItemView)
             if not isinstance(v, QHeaderView) and _python_model(v.model())]
    assert len(views) >= 8  # entries, ontology, map, gaps, goals, rounds, context...
    for view in views:
        name = view.objectName() or type(view.parent()).__name__
        assert isinstance(view, (TableView, TreeView)), f"{name}: a {type(view).__name__} calls Python per cell"
        headers = [view.header()] if isinstance(view, TreeView) else [view.horizontalHeader(), view.verticalHeader()]
        assert all(isinstance(h, HeaderView) for h in headers), f"{name}: its header calls Python per section"


def test_a_replaced_header_keeps_what_the_view_set_up(qapp):
    table, tree = TableView(), TreeView()
    assert table.horizontalHeader().highlightSections() and table.horizontalHeader().sectionsClickable()
    assert tree.header().stretchLastSection() and tree.header().sectionsMovable()
    assert table.verticalHeader().parent() is table and tree.header().parent() is tree


def _painted(view, delegate):
    view.setItemDelegate(delegate)
    return view.viewport().grab().toImage()


def test_the_entries_table_reads_each_cell_in_one_call_and_paints_what_qt_paints(workbench):
    """The entries table's delegate fills each cell's style option as QStyledItemDelegate does
    (the kind's icon, the right-aligned number, a low entry's tone, a wrong one struck out and
    muted, no confidence written, a selected row), so the table looks the same, pixel for pixel."""
    pane = entries_pane(workbench)
    view = pane.view
    ours = view.itemDelegate()
    assert isinstance(ours, SourceDataDelegate)
    # the fixture's first rows: [1] high, [2] wrong, [3] no confidence, [4] low (a legacy kind)
    assert [pane.proxy.index(row, COL_CONFIDENCE).data() for row in range(4)] == ["high", "wrong", "(medium)", "low"]
    view.resize(1100, 400)
    first = view.visualRect(pane.proxy.index(0, COL_CONFIDENCE)).center()
    QTest.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=first)  # a selected row, as a click leaves it
    assert [i.row() for i in view.selectionModel().selectedRows()] == [0]
    shown = _painted(view, ours)
    assert shown == _painted(view, QStyledItemDelegate(view))

    class WithoutTones(SourceDataDelegate):  # a fill that drops one role is seen
        def initStyleOption(self, option, index):
            super().initStyleOption(option, index)
            option.palette = view.palette()

    assert shown != _painted(view, WithoutTones(view))
    view.setItemDelegate(ours)

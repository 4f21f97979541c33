"""Every view of a model written in Python paints inside one Python call (``workbench/views.py``)."""
from __future__ import annotations

from PySide6.QtCore import QAbstractProxyModel
from PySide6.QtWidgets import QAbstractItemView, QHeaderView

from tests.workbench.test_app_helpers import isolated, no_thread_left, settings, workbench  # noqa: F401 - fixtures
from linghun.workbench.views import HeaderView, TableView, TreeView


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

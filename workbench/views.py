"""Item views whose repaint takes the GIL once.

Qt paints a view from C++ and asks the model for every role of every visible cell (and the header
for every section): a few hundred to a few thousand calls into Python per repaint. Called from
the event loop, each of them takes the GIL anew, and while a worker computes in Python each waits
for it (up to the switch interval, ``workbench.app``): the entries table at 10k entries took 100
to 300 ms to repaint while the agent's write was parsed, a header 35 ms for 2 ms of work. A
``paintEvent`` written in Python holds the GIL across the whole paint (a call from Python into
Qt keeps it), so the model's calls inside it find it held. A worker busy in Python still asks for
it back every switch interval and gets it at the model's next call: beside one, a 13 ms repaint of
the entries table took 120-134 ms at a 1 ms interval (hence ``workbench.app``'s 0.5 ms).

Use ``TableView`` and ``TreeView`` for views of a model written in Python; views of Qt's own
models (``QTableWidget``, ``QTreeWidget``) call no Python while they paint.
"""
from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QHeaderView, QTableView, QTreeView, QWidget


class HeaderView(QHeaderView):
    """A ``QHeaderView`` that paints, and measures itself for a layout, inside one Python call (its
    model's ``headerData`` is asked for every section)."""

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().paintEvent(event)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return super().sizeHint()


def _replace_header(old: QHeaderView, orientation: Qt.Orientation, parent: QWidget) -> HeaderView:
    """A ``HeaderView`` set up as the view set up its own ``old`` one (Qt's defaults differ between
    a table's and a tree's header)."""
    new = HeaderView(orientation, parent)
    new.setSectionsClickable(old.sectionsClickable())
    new.setSectionsMovable(old.sectionsMovable())
    new.setHighlightSections(old.highlightSections())
    new.setStretchLastSection(old.stretchLastSection())
    new.setDefaultAlignment(old.defaultAlignment())
    new.setVisible(not old.isHidden())
    return new


class TableView(QTableView):
    """A ``QTableView`` (and headers) that paints inside one Python call (see the module docstring)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setHorizontalHeader(_replace_header(self.horizontalHeader(), Qt.Orientation.Horizontal, self))
        self.setVerticalHeader(_replace_header(self.verticalHeader(), Qt.Orientation.Vertical, self))

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().paintEvent(event)


class TreeView(QTreeView):
    """A ``QTreeView`` (and header) that paints inside one Python call (see the module docstring)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setHeader(_replace_header(self.header(), Qt.Orientation.Horizontal, self))

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().paintEvent(event)

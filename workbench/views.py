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

Behind a sort/filter proxy each role of each cell is three calls from Qt into Python (the source's
``rowCount`` and ``columnCount`` while the proxy maps the index, then its ``data``): about 3,600
for one screen of the entries table, and a worker busy in Python took the GIL at many of them.
``SourceDataDelegate`` makes it one call per cell: it maps the cell to the source model once and
reads every role there, from Python, as ``QStyledItemDelegate.initStyleOption`` does in C++. Beside
one busy worker (switch interval 0.5 ms) a repaint of the entries table at 100k rows went from
72-78 ms to 27-30 ms; alone it is 13-15 ms either way; the pixels are the same (tested).
"""
from __future__ import annotations

from PySide6.QtCore import QAbstractProxyModel, QModelIndex, QPersistentModelIndex, QSize, Qt
from PySide6.QtGui import QBrush, QFontMetrics, QIcon, QPalette
from PySide6.QtWidgets import (
    QHeaderView, QStyle, QStyledItemDelegate, QStyleOptionViewItem, QTableView, QTreeView, QWidget,
)


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


_Role = Qt.ItemDataRole
_HAS_DECORATION = QStyleOptionViewItem.ViewItemFeature.HasDecoration
_HAS_DISPLAY = QStyleOptionViewItem.ViewItemFeature.HasDisplay
_HAS_CHECK = QStyleOptionViewItem.ViewItemFeature.HasCheckIndicator


class SourceDataDelegate(QStyledItemDelegate):
    """A ``QStyledItemDelegate`` that reads a cell's roles from the source model behind the view's
    proxies in one Python call (see the module docstring). A decoration that is not an icon (a
    colour, a pixmap) is left to Qt's own ``initStyleOption``."""

    def initStyleOption(self, option: QStyleOptionViewItem,  # noqa: N802 - Qt override
                        index: QModelIndex | QPersistentModelIndex) -> None:
        model, source = index.model(), index
        while isinstance(model, QAbstractProxyModel):
            source, model = model.mapToSource(source), model.sourceModel()
        decoration = model.data(source, _Role.DecorationRole)
        if decoration is not None and not isinstance(decoration, QIcon):
            super().initStyleOption(option, index)
            return
        # what QStyledItemDelegate::initStyleOption does, role by role, in its order
        font = model.data(source, _Role.FontRole)
        if font is not None:
            option.font = font.resolve(option.font)
            option.fontMetrics = QFontMetrics(option.font)
        alignment = model.data(source, _Role.TextAlignmentRole)
        if alignment is not None:
            option.displayAlignment = Qt.AlignmentFlag(int(alignment))
        foreground = model.data(source, _Role.ForegroundRole)
        if foreground is not None:
            option.palette.setBrush(QPalette.ColorRole.Text, QBrush(foreground))
        option.index = index
        check = model.data(source, _Role.CheckStateRole)
        if check is not None:
            option.features |= _HAS_CHECK
            option.checkState = Qt.CheckState(check)
        if decoration is not None and not decoration.isNull():
            option.features |= _HAS_DECORATION
            option.icon = decoration
            if not option.state & QStyle.StateFlag.State_Enabled:
                mode = QIcon.Mode.Disabled
            elif option.state & QStyle.StateFlag.State_Selected:
                mode = QIcon.Mode.Selected
            else:
                mode = QIcon.Mode.Normal
            state = QIcon.State.On if option.state & QStyle.StateFlag.State_Open else QIcon.State.Off
            option.decorationSize = decoration.actualSize(option.decorationSize, mode, state).boundedTo(
                option.decorationSize)
        display = model.data(source, _Role.DisplayRole)
        if display is not None:
            option.features |= _HAS_DISPLAY
            option.text = self.displayText(display, option.locale)
        background = model.data(source, _Role.BackgroundRole)
        option.backgroundBrush = QBrush(background) if background is not None else QBrush()
        option.styleObject = None

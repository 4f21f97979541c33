"""The review queue as a table (``core.review``), keyed by the changes' ids, and its filter.

Rows are ``core.review.queue.ReviewItem``s, newest first; ``IdRole`` gives an item's id, so the
pane keeps a selection across rebuilds. ``ReviewFilter`` shows the rows of one writer, kind of
change and day ("" : any).
"""
from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QSortFilterProxyModel, Qt, QT_TRANSLATE_NOOP
from PySide6.QtGui import QBrush

from linghun.core.review.queue import ReviewItem
from linghun.workbench import clock, tones
from linghun.workbench.models.columns import TranslatedColumns
from linghun.workbench.plaintext import tooltip

#: the tone of the consequences column: a contradiction, a change held back
CONTRADICTION_TONE = "error"
HELD_TONE = "warning"


class ReviewModel(TranslatedColumns, QAbstractTableModel):
    """The changes to review: when, writer, kind, file, consequences."""

    COLUMNS = (QT_TRANSLATE_NOOP("ReviewModel", "When"), QT_TRANSLATE_NOOP("ReviewModel", "Writer"),
               QT_TRANSLATE_NOOP("ReviewModel", "Kind"), QT_TRANSLATE_NOOP("ReviewModel", "File"),
               QT_TRANSLATE_NOOP("ReviewModel", "Consequences"))
    TR_CONTEXT = "ReviewModel"
    IdRole = Qt.ItemDataRole.UserRole + 1

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._items: list[ReviewItem] = []

    def set_items(self, items: list[ReviewItem]) -> None:
        self.beginResetModel()
        self._items = list(items)
        self.endResetModel()

    def items(self) -> list[ReviewItem]:
        return list(self._items)

    def at(self, row: int) -> ReviewItem | None:
        return self._items[row] if 0 <= row < len(self._items) else None

    def item(self, item_id: str) -> ReviewItem | None:
        return next((i for i in self._items if i.id == item_id), None)

    def row_of(self, item_id: str) -> int:
        return next((r for r, i in enumerate(self._items) if i.id == item_id), -1)

    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: N802,B008 - Qt override
        return 0 if parent.isValid() else len(self._items)

    def columnCount(self, parent=QModelIndex()) -> int:  # noqa: N802,B008 - Qt override
        return 0 if parent.isValid() else len(self.COLUMNS)

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or not 0 <= index.row() < len(self._items):
            return None
        item = self._items[index.row()]
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if col == 0:
                return clock.shown(item.when, clock.MINUTES)
            if col == 1:
                return item.writer
            if col == 2:
                return item.kind
            if col == 3:
                return item.file
            warn = "".join(f"  ⚠ {c.message}" for c in item.contradictions)
            return "; ".join(item.consequences) + warn
        if role == Qt.ItemDataRole.ToolTipRole and col == 4:
            # the agent's words: shown literally, never as markup (plaintext.tooltip)
            return tooltip("\n".join(item.consequences + [f"⚠ {c.message}" for c in item.contradictions]))
        if role == Qt.ItemDataRole.ForegroundRole and col == 4:
            if item.contradictions:
                return QBrush(tones.text(CONTRADICTION_TONE))
            if item.held is not None:
                return QBrush(tones.text(HELD_TONE))
        if role == self.IdRole:
            return item.id
        return None


class ReviewFilter(QSortFilterProxyModel):
    """The rows of one writer, kind and day ("" for any)."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.writer = self.kind = self.day = ""

    def set_filters(self, writer: str = "", kind: str = "", day: str = "") -> None:
        self.beginFilterChange()
        self.writer, self.kind, self.day = writer, kind, day
        self.endFilterChange()

    def filterAcceptsRow(self, row: int, parent) -> bool:  # noqa: N802 - Qt override
        model = self.sourceModel()
        item = model.at(row) if isinstance(model, ReviewModel) else None
        if item is None:
            return False
        return ((not self.writer or item.writer == self.writer) and (not self.kind or item.kind == self.kind)
                and (not self.day or day_of(item) == self.day))


def day_of(item: ReviewItem) -> str:
    """The day of ``item`` on the home's clock (``ReviewItem.day`` is the writer's)."""
    return clock.shown(item.when, clock.DAY)

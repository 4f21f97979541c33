"""The warm entries of a home as a Qt table model keyed by entry ids.

``EntriesModel`` mirrors ``Memory.entries()``. ``reload()`` compares the new list of ids with the
rows shown and emits the smallest set of row signals (remove, move as a layout change, insert,
data changed), so selections and the editor survive the agent's writes. Rows are kept in the
order of the current sort; sorting happens here on precomputed keys (fast at 10k entries) and the
proxy only filters.

``EntriesFilterProxy`` filters by ontology kind, confidence and text (every word must occur).
"""
from __future__ import annotations

from PySide6.QtCore import (
    QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, QSortFilterProxyModel, Qt,
    QT_TRANSLATE_NOOP, Signal,
)
from PySide6.QtGui import QColor, QFont, QGuiApplication, QPalette

from linghun.core.errors import UnreadableFileError
from linghun.core.formats.warm import CONFIDENCE_WEIGHT, WarmEntry
from linghun.core.memory import Memory
from linghun.workbench import icons
from linghun.workbench.plaintext import tooltip

ENTRY_ID_ROLE = Qt.ItemDataRole.UserRole + 1
SORT_ROLE = Qt.ItemDataRole.UserRole + 2

COL_N, COL_KIND, COL_CONFIDENCE, COL_STAMP, COL_LAST_ACCESS, COL_TEXT = range(6)
HEADERS = (
    QT_TRANSLATE_NOOP("EntriesModel", "[n]"),
    QT_TRANSLATE_NOOP("EntriesModel", "Kind"),
    QT_TRANSLATE_NOOP("EntriesModel", "Confidence"),
    QT_TRANSLATE_NOOP("EntriesModel", "Stamp"),
    QT_TRANSLATE_NOOP("EntriesModel", "Last access"),
    QT_TRANSLATE_NOOP("EntriesModel", "Text"),
)
#: words of the file format shown translated (the file keeps the English word)
WORDS = {
    "event": QT_TRANSLATE_NOOP("EntriesModel", "event"),
    "fact": QT_TRANSLATE_NOOP("EntriesModel", "fact"),
    "rule": QT_TRANSLATE_NOOP("EntriesModel", "rule"),
    "decision": QT_TRANSLATE_NOOP("EntriesModel", "decision"),
    "preference": QT_TRANSLATE_NOOP("EntriesModel", "preference"),
    "experience": QT_TRANSLATE_NOOP("EntriesModel", "experience"),
    "identity": QT_TRANSLATE_NOOP("EntriesModel", "identity"),
    "high": QT_TRANSLATE_NOOP("EntriesModel", "high"),
    "medium": QT_TRANSLATE_NOOP("EntriesModel", "medium"),
    "low": QT_TRANSLATE_NOOP("EntriesModel", "low"),
    "wrong": QT_TRANSLATE_NOOP("EntriesModel", "wrong"),
}
TEXT_COLUMN_CHARS = 240


def word(value: str) -> str:
    """A kind or confidence word in the user's language (unknown words as they are)."""
    from PySide6.QtCore import QCoreApplication
    return QCoreApplication.translate("EntriesModel", WORDS[value]) if value in WORDS else value


class _Row:
    """What the model shows of one entry; the table text is made when a row is first painted."""

    __slots__ = ("entry", "_text", "_haystack")

    def __init__(self, entry: WarmEntry) -> None:
        self.entry = entry
        self._text: str | None = None
        self._haystack: str | None = None

    @property
    def haystack(self) -> str:
        """The lower-case text the filter searches (made on the first filter, not at open)."""
        if self._haystack is None:
            e = self.entry
            self._haystack = f"{e.body}\n{e.kind}\n{e.stamp}".lower()
        return self._haystack

    @classmethod
    def of(cls, entry: WarmEntry) -> "_Row":
        return cls(entry)

    @property
    def text(self) -> str:
        if self._text is None:
            text = " ".join(self.entry.display_text.split())
            if len(text) > TEXT_COLUMN_CHARS:
                text = text[: TEXT_COLUMN_CHARS - 1] + "…"
            self._text = text
        return self._text


def _sort_key(column: int, entry: WarmEntry):
    if column == COL_N:
        return entry.n
    if column == COL_KIND:
        return (entry.kind, entry.n)
    if column == COL_CONFIDENCE:
        return (CONFIDENCE_WEIGHT[entry.effective_confidence], entry.n)
    if column == COL_STAMP:
        return (entry.stamp, entry.n)
    if column == COL_LAST_ACCESS:
        return (entry.last_access or "", entry.n)
    return (" ".join(entry.body.split()).lower(), entry.n)


class EntriesModel(QAbstractTableModel):
    """Warm entries, one row per entry, keyed by ``WarmEntry.id``.

    Attributes:
        error: why warm.md cannot be read ("" when it can); the rows are then empty.

    Signals:
        sig_reloaded(): a reload finished (rows may or may not have changed).
    """

    sig_reloaded = Signal()

    def __init__(self, memory: Memory, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.memory = memory
        self.error = ""
        self.version = 0  # bumped on every change of rows, so filters know to recompute
        self._facets_version = -1
        self._facets: tuple[list[str], list[str], list[str]] = ([], [], [])
        self._ids: list[str] = []
        self._rows: dict[str, _Row] = {}
        self._row_of: dict[str, int] = {}
        self._sort: tuple[int, Qt.SortOrder] = (-1, Qt.SortOrder.AscendingOrder)
        self.reload()

    # -- access by id -----------------------------------------------------------------------
    def ids(self) -> list[str]:
        return list(self._ids)

    def entry(self, entry_id: str) -> WarmEntry:
        return self._rows[entry_id].entry

    def entry_at(self, row: int) -> WarmEntry:
        return self._rows[self._ids[row]].entry

    def row_of(self, entry_id: str) -> int:
        """The row of ``entry_id``, -1 when it is not shown."""
        return self._row_of.get(entry_id, -1)

    def index_of(self, entry_id: str, column: int = 0) -> QModelIndex:
        row = self.row_of(entry_id)
        return self.index(row, column) if row >= 0 else QModelIndex()

    def facets(self, row: int) -> tuple[str, str, str]:
        """(ontology kind, effective confidence, lower-case text) of a row, for the filter."""
        r = self._rows[self._ids[row]]
        return r.entry.ontology_kind, r.entry.effective_confidence, r.haystack

    # -- Qt model API -------------------------------------------------------------------------
    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(self._ids)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: N802
        return 0 if parent.isValid() else len(HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole):  # noqa: N802
        if orientation == Qt.Orientation.Horizontal and 0 <= section < len(HEADERS):
            if role == Qt.ItemDataRole.DisplayRole:
                return self.tr(HEADERS[section])
            if role == Qt.ItemDataRole.ToolTipRole and section == COL_N:
                return self.tr("Position in warm.md: the number memory_read and update references use")
        return None

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or index.parent().isValid():
            return None
        row, column = index.row(), index.column()
        if not (0 <= row < len(self._ids) and 0 <= column < len(HEADERS)):
            return None
        r = self._rows[self._ids[row]]
        e = r.entry
        if role == Qt.ItemDataRole.DisplayRole:
            if column == COL_N:
                return str(e.n)
            if column == COL_KIND:
                return word(e.kind)
            if column == COL_CONFIDENCE:
                return word(e.effective_confidence) if e.confidence else f"({word('medium')})"
            if column == COL_STAMP:
                return e.stamp
            if column == COL_LAST_ACCESS:
                return e.last_access or "—"
            return r.text
        if role == ENTRY_ID_ROLE:
            return e.id
        if role == SORT_ROLE:
            return _sort_key(column, e)
        if role == Qt.ItemDataRole.ToolTipRole:
            if column == COL_TEXT:
                return tooltip(e.display_text)
            if column == COL_KIND and e.kind != e.ontology_kind:
                return tooltip(self.tr("{0}, read as {1}").format(e.kind, word(e.ontology_kind)))
            if column == COL_CONFIDENCE and not e.confidence:
                return self.tr("No confidence written; it reads as medium")
            return None
        if role == Qt.ItemDataRole.DecorationRole and column == COL_KIND:
            return icons.icon(e.ontology_kind)
        if role == Qt.ItemDataRole.ForegroundRole:
            if e.is_wrong:
                return QGuiApplication.palette().color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text)
            if e.effective_confidence == "low" and column in (COL_CONFIDENCE, COL_TEXT):
                return QColor("#c77c02")
            return None
        if role == Qt.ItemDataRole.FontRole and e.is_wrong and column == COL_TEXT:
            font = QFont()
            font.setStrikeOut(True)
            return font
        if role == Qt.ItemDataRole.TextAlignmentRole and column == COL_N:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def flags(self, index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sort rows on precomputed keys; selections follow their entries."""
        file_order = (-1, Qt.SortOrder.AscendingOrder)
        same = {self._sort, (column, order)} <= {file_order, (COL_N, Qt.SortOrder.AscendingOrder)}
        self._sort = (column, order)
        if same or (column, order) == file_order and not self._ids:
            return  # rows are kept in this order already
        if column < 0 or column >= len(HEADERS):
            new_ids = sorted(self._ids, key=lambda i: self._rows[i].entry.n)
        else:
            new_ids = self._sorted(self._ids)
        if new_ids != self._ids:
            self._relayout(new_ids)

    def retranslate(self) -> None:
        """Re-read translated headers and words after a language change."""
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(HEADERS) - 1)
        if self._ids:
            self.dataChanged.emit(self.index(0, COL_KIND), self.index(len(self._ids) - 1, COL_CONFIDENCE))

    # -- reloading ----------------------------------------------------------------------------
    def reload(self) -> None:
        """Show ``Memory.entries()`` as it is now (cheap when warm.md did not change)."""
        try:
            entries = self.memory.entries()
            self.error = ""
        except UnreadableFileError as exc:
            entries = []
            self.error = str(exc)
        fresh = {e.id: e for e in entries}
        rows = {}
        for e in entries:
            old = self._rows.get(e.id)
            rows[e.id] = old if old is not None and old.entry == e else _Row.of(e)
        target = self._sorted([e.id for e in entries], rows) if self._sort[0] >= 0 else [e.id for e in entries]
        self._apply(target, rows, fresh)
        self.sig_reloaded.emit()

    def _sorted(self, ids: list[str], rows: dict[str, _Row] | None = None) -> list[str]:
        rows = rows or self._rows
        column, order = self._sort
        return sorted(ids, key=lambda i: _sort_key(column, rows[i].entry),
                      reverse=order == Qt.SortOrder.DescendingOrder)

    def _apply(self, target: list[str], rows: dict[str, _Row], fresh: dict[str, WarmEntry]) -> None:
        # 1. rows whose entry is gone, bottom-up in contiguous runs
        gone = [r for r, i in enumerate(self._ids) if i not in fresh]
        for first, last in reversed(_runs(gone)):
            self.beginRemoveRows(QModelIndex(), first, last)
            del self._ids[first:last + 1]
            self.endRemoveRows()
        self._reindex()
        # 2. survivors whose order changed (a sort key changed, or the file was reordered)
        survivors = set(self._ids)
        wanted = [i for i in target if i in survivors]
        if wanted != self._ids:
            self._relayout(wanted)
        # 3. rows changed in place: new text, number, confidence...
        changed = [r for r, i in enumerate(self._ids) if rows[i] is not self._rows[i]]
        for i in self._ids:
            self._rows[i] = rows[i]
        if changed:
            self.version += 1
        for first, last in _runs(changed):
            self.dataChanged.emit(self.index(first, 0), self.index(last, len(HEADERS) - 1))
        # 4. new entries, top-down at their target positions
        new_positions = [p for p, i in enumerate(target) if i not in survivors]
        for first, last in _runs(new_positions):
            self.beginInsertRows(QModelIndex(), first, last)
            for p in range(first, last + 1):
                self._ids.insert(p, target[p])
                self._rows[target[p]] = rows[target[p]]
            self._reindex()
            self.endInsertRows()
        for stale in set(self._rows) - set(fresh):
            del self._rows[stale]
        self._reindex()

    def _relayout(self, new_ids: list[str]) -> None:
        self.layoutAboutToBeChanged.emit()
        old_persistent = self.persistentIndexList()
        ids_of = [(self._ids[p.row()], p.column()) if 0 <= p.row() < len(self._ids) else None
                  for p in old_persistent]
        self._ids = list(new_ids)
        self._reindex()
        new_persistent = []
        for key in ids_of:
            row = self._row_of.get(key[0], -1) if key else -1
            new_persistent.append(self.index(row, key[1]) if row >= 0 else QModelIndex())
        self.changePersistentIndexList(old_persistent, new_persistent)
        self.layoutChanged.emit()

    def _reindex(self) -> None:
        self._row_of = {i: r for r, i in enumerate(self._ids)}
        self.version += 1

    def all_facets(self) -> tuple[list[str], list[str], list[str]]:
        """Kinds, confidences and texts of every row, in row order (cached until rows change)."""
        if self._facets_version != self.version:
            rows = [self._rows[i] for i in self._ids]
            self._facets = ([r.entry.ontology_kind for r in rows], [r.entry.effective_confidence for r in rows],
                            [r.haystack for r in rows])
            self._facets_version = self.version
        return self._facets


def _runs(rows: list[int]) -> list[tuple[int, int]]:
    """Sorted row numbers as (first, last) runs of consecutive rows."""
    runs: list[tuple[int, int]] = []
    for r in rows:
        if runs and runs[-1][1] == r - 1:
            runs[-1] = (runs[-1][0], r)
        else:
            runs.append((r, r))
    return runs


class EntriesFilterProxy(QSortFilterProxyModel):
    """Filter by ontology kind, confidence and words of the text; sorting is the source model's."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._kinds: frozenset[str] | None = None
        self._confidences: frozenset[str] | None = None
        self._terms: tuple[str, ...] = ()
        self._generation = 0  # bumped on every filter change
        self._accepted: list[bool] = []
        self._accepted_version: tuple[int, int] | None = None
        self.setDynamicSortFilter(False)

    def set_filter(self, kinds=None, confidences=None, text: str | None = None) -> None:
        """``kinds`` / ``confidences``: iterables of values, or None for all; ``text``: words to find."""
        self._kinds = frozenset(kinds) if kinds is not None else None
        self._confidences = frozenset(confidences) if confidences is not None else None
        if text is not None:
            self._terms = tuple(text.lower().split())
        self._refilter()

    def set_text(self, text: str) -> None:
        self._terms = tuple(text.lower().split())
        self._refilter()

    def _refilter(self) -> None:
        self._generation += 1
        # invalidate() rebuilds the mapping and emits one layout change; the incremental filter
        # update emits a remove/insert pair per run of rows, thousands at 10k entries, each one
        # handled by the view and by every listener: 5 to 10 times slower.
        self.invalidate()

    def _compute_accepted(self) -> list[bool]:
        kinds, confidences, texts = self.sourceModel().all_facets()
        accepted = [True] * len(texts)
        if self._kinds is not None:
            accepted = [k in self._kinds for k in kinds]
        if self._confidences is not None:
            accepted = [a and c in self._confidences for a, c in zip(accepted, confidences)]
        for term in self._terms:
            accepted = [a and term in t for a, t in zip(accepted, texts)]
        return accepted

    def filterAcceptsRow(self, source_row: int, source_parent: QModelIndex | QPersistentModelIndex) -> bool:  # noqa: N802
        # Qt asks row by row; answering from a list computed in one Python pass keeps each call
        # (a C++ -> Python round trip) as small as it can be.
        if self._kinds is None and self._confidences is None and not self._terms:
            return True
        model = self.sourceModel()
        if self._accepted_version != (model.version, self._generation):
            self._accepted = self._compute_accepted()
            self._accepted_version = (model.version, self._generation)
        return self._accepted[source_row]

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        # The source sorts on precomputed keys; the proxy keeps the source order.
        self.sourceModel().sort(column, order)

    def entry_id(self, index: QModelIndex) -> str | None:
        return index.data(ENTRY_ID_ROLE) if index.isValid() else None

"""The warm entries of a home as a Qt table model keyed by entry ids.

``EntriesModel`` mirrors ``Memory.latest()``. ``reload()`` compares the new list of ids with the
rows shown and emits the smallest set of row signals (remove, move as a layout change, insert,
data changed), so selections and the editor survive the agent's writes. After the agent's writes
``reload_in_background()`` plans the new rows on a worker (``plan_rows``: 10k entries are a
fifth of a second of Python) and the GUI thread only applies them. Rows are kept in the order of
the current sort; sorting happens here on precomputed keys (fast at 10k entries) and the proxy
only filters.

Opening a big home (``load``, warm.md over ``SYNC_LOAD_BYTES``) never parses on the GUI thread:
a worker parses warm.md and plans every row (sort order, filter facets), then the GUI thread
inserts the rows in slices of at most ``SLICE_MS`` each (``loading`` meanwhile), so the window
paints and a filter typed meanwhile applies to the rows shown. At 100k entries the parse alone was
2 s of the GUI thread.

``EntriesFilterProxy`` filters by ontology kind, confidence and text (every word must occur).
"""
from __future__ import annotations

import time
from dataclasses import dataclass

from PySide6.QtCore import (
    QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, QSortFilterProxyModel, Qt,
    QT_TRANSLATE_NOOP, QTimer, Signal, Slot,
)
from PySide6.QtGui import QFont

from linghun.core.errors import UnreadableFileError
from linghun.core.formats.warm import CONFIDENCE_WEIGHT, WarmEntry
from linghun.core.memory import Memory
from linghun.workbench import gcguard, icons, tones
from linghun.workbench.plaintext import tooltip
from linghun.workbench.tasks import TaskManager

ENTRY_ID_ROLE = Qt.ItemDataRole.UserRole + 1
SORT_ROLE = Qt.ItemDataRole.UserRole + 2

COL_N, COL_KIND, COL_CONFIDENCE, COL_STAMP, COL_LAST_ACCESS, COL_TEXT = range(6)
_DISPLAY, _FOREGROUND, _DECORATION, _FONT, _ALIGNMENT, _TOOLTIP = (int(r) for r in (
    Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ForegroundRole, Qt.ItemDataRole.DecorationRole,
    Qt.ItemDataRole.FontRole, Qt.ItemDataRole.TextAlignmentRole, Qt.ItemDataRole.ToolTipRole))
#: the roles ``EntriesModel.data`` answers
_ANSWERED = frozenset({_DISPLAY, _FOREGROUND, _DECORATION, _FONT, _ALIGNMENT, _TOOLTIP, int(ENTRY_ID_ROLE),
                       int(SORT_ROLE)})
_RIGHT_ALIGNED = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
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
#: a warm.md up to this size is read on the GUI thread when the model is made (a few thousand
#: entries: under 50 ms of parsing, and the rows are there at once); a bigger one on a worker
SYNC_LOAD_BYTES = 256 * 1024
#: the GUI thread's time for one slice of rows inserted while loading (the first slice is
#: ``FIRST_SLICE_ROWS``, the next ones sized on how long the last took)
SLICE_MS = 20.0
FIRST_SLICE_ROWS = 2000
MIN_SLICE_ROWS = 200
#: more rows than this are sorted on a worker (a column's keys for 100k rows: 0.3 s of Python)
ASYNC_SORT_ROWS = 20_000
#: the event loop's time between two slices (0: as soon as the events waiting are handled)
SLICE_GAP_MS = 0


def word(value: str) -> str:
    """A kind or confidence word in the user's language (unknown words as they are)."""
    from PySide6.QtCore import QCoreApplication
    return QCoreApplication.translate("EntriesModel", WORDS[value]) if value in WORDS else value


class _Row:
    """What the model shows of one entry; the table text is made when a row is first painted, the
    filter's text by ``plan_rows`` or ``EntriesModel.warm_up`` on a worker."""

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


def _ordered_ids(ids: list[str], rows: dict[str, _Row], sort: tuple[int, Qt.SortOrder]) -> list[str]:
    """``ids`` in the order of ``sort`` (a column out of range: warm.md's)."""
    if sort[0] < 0 or sort[0] >= len(HEADERS):
        return sorted(ids, key=lambda i: rows[i].entry.n)
    return _sorted_ids(ids, rows, sort)


def _sorted_ids(ids: list[str], rows: dict[str, _Row], sort: tuple[int, Qt.SortOrder]) -> list[str]:
    column, order = sort
    return sorted(ids, key=lambda i: _sort_key(column, rows[i].entry), reverse=order == Qt.SortOrder.DescendingOrder)


@dataclass
class RowsPlan:
    """What a reload changes in the rows shown, in the order the model applies it (removals,
    a layout change, rows changed in place, insertions); see ``plan_rows``.

    Attributes:
        target: the ids of every row afterwards, in order; rows: the row of each.
        gone: (first, last) runs of rows removed; survivors: the ids left then, by row
            (``survivors_row_of``).
        wanted: the survivors in their new order when it changed (None: same order).
        changed: runs of rows (after the layout change) whose entry changed.
        inserts: runs of positions in ``target`` of the new rows.
        row_of: the row of each id afterwards; facets: ``EntriesModel.all_facets`` afterwards
            (None: made when a filter asks).
    """

    target: list[str]
    rows: dict[str, _Row]
    gone: list[tuple[int, int]]
    survivors: list[str]
    survivors_row_of: dict[str, int]
    wanted: list[str] | None
    changed: list[tuple[int, int]]
    inserts: list[tuple[int, int]]
    row_of: dict[str, int]
    facets: tuple[list[str], list[str], list[str]] | None = None


def plan_rows(entries: list[WarmEntry], old_ids: list[str], old_rows: dict[str, _Row],
              sort: tuple[int, Qt.SortOrder], facets: bool = False) -> RowsPlan:
    """How to go from the rows ``old_ids`` / ``old_rows`` to ``entries`` in the order of ``sort``:
    the row of an unchanged entry is reused, a new one has its filter text made. Plain Python
    over copies, no Qt object: a worker runs it after the agent's write (at 10k entries this was
    a fifth of a second of the GUI thread) and the GUI thread only applies it."""
    rows = {}
    for e in entries:
        row = old_rows.get(e.id)
        if row is None or (row.entry is not e and row.entry != e):
            row = _Row.of(e)
            row.haystack  # noqa: B018 - made here, not on the first keystroke
        rows[e.id] = row
    ids = [e.id for e in entries]
    target = ids if _in_file_order(sort) else _sorted_ids(ids, rows, sort)
    gone = _runs([r for r, i in enumerate(old_ids) if i not in rows])
    survivors = [i for i in old_ids if i in rows] if gone else list(old_ids)
    kept = set(survivors)
    wanted = [i for i in target if i in kept]
    order_changed = wanted != survivors
    changed = _runs([r for r, i in enumerate(wanted) if rows[i] is not old_rows[i]])
    inserts = _runs([p for p, i in enumerate(target) if i not in kept])
    plan = RowsPlan(target, rows, gone, survivors, {i: r for r, i in enumerate(survivors)},
                    wanted if order_changed else None, changed, inserts, {i: r for r, i in enumerate(target)})
    if facets:
        plan.facets = _facets_of([rows[i] for i in target])
    return plan


class EntriesModel(QAbstractTableModel):
    """Warm entries, one row per entry, keyed by ``WarmEntry.id``.

    Attributes:
        error: why warm.md cannot be read ("" when it can); the rows are then empty.

    Signals:
        sig_reloaded(): a reload finished (rows may or may not have changed).
    """

    sig_reloaded = Signal()
    sig_loaded = Signal()

    def __init__(self, memory: Memory, parent: QObject | None = None, tasks: TaskManager | None = None) -> None:
        """``tasks``: where a big warm.md is read (``load``); without, it is read here and now."""
        super().__init__(parent)
        self.memory = memory
        self.error = ""
        self.loading = False  # ``load`` is reading warm.md or inserting its rows
        self._loader = None  # the TaskHandle reading warm.md for ``load``
        self._planning = False  # ``load`` has no rows planned yet
        self._pending: list[str] = []  # ids planned by ``load``, not inserted yet (in order)
        self._pending_facets: tuple[list[str], list[str], list[str]] | None = None  # of every planned row
        self._slice_rows = FIRST_SLICE_ROWS
        self._slicer = QTimer(self)
        self._slicer.setSingleShot(True)
        self._slicer.setInterval(SLICE_GAP_MS)
        self._slicer.timeout.connect(self._insert_slice)
        self._reload_after_load = False  # the agent wrote while loading: read again once loaded
        self._tasks = tasks  # where ``load``, ``reload_in_background`` and a big ``sort`` work
        self._preparing = None  # the TaskHandle preparing rows on a worker
        self._prepare_again = False  # another change came meanwhile
        self.version = 0  # bumped on every change of rows, so filters know to recompute
        self._facets_version = -1
        self._facets: tuple[list[str], list[str], list[str]] = ([], [], [])
        self._ids: list[str] = []
        self._rows: dict[str, _Row] = {}
        self._row_of: dict[str, int] = {}
        self._sort: tuple[int, Qt.SortOrder] = (-1, Qt.SortOrder.AscendingOrder)
        if tasks is not None and _file_size(memory.home.warm) > SYNC_LOAD_BYTES:
            self.load(tasks)
        else:
            self.reload()

    # -- access by id -----------------------------------------------------------------------
    def ids(self) -> list[str]:
        return list(self._ids)

    def entry(self, entry_id: str) -> WarmEntry:
        return self._rows[entry_id].entry

    def find(self, entry_id: str) -> WarmEntry | None:
        """The entry shown with ``entry_id``, None when there is none."""
        row = self._rows.get(entry_id)
        return row.entry if row is not None else None

    def entry_at(self, row: int) -> WarmEntry:
        return self._rows[self._ids[row]].entry

    def row_of(self, entry_id: str) -> int:
        """The row of ``entry_id``, -1 when it is not shown."""
        row = self._row_of.get(entry_id, -1)
        return row if row < len(self._ids) else -1  # planned by ``load``, not inserted yet

    def index_of(self, entry_id: str, column: int = 0) -> QModelIndex:
        row = self.row_of(entry_id)
        return self.index(row, column) if row >= 0 else QModelIndex()

    def is_pending(self, entry_id: str) -> bool:
        """``entry_id`` is in warm.md and ``load`` will insert its row (``finish_loading``: now)."""
        return self.loading and entry_id in self._rows and self.row_of(entry_id) < 0

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
        # Called for every role of every visible cell at each repaint (a thousand calls for a
        # screen of rows): roles the model does not answer return at once, roles are plain ints.
        if role not in _ANSWERED or not index.isValid():
            return None
        row, column = index.row(), index.column()
        if not (0 <= row < len(self._ids) and 0 <= column < len(HEADERS)):
            return None
        r = self._rows[self._ids[row]]
        e = r.entry
        if role == _DISPLAY:
            if column == COL_TEXT:
                return r.text
            if column == COL_N:
                return str(e.n)
            if column == COL_KIND:
                return word(e.kind)
            if column == COL_CONFIDENCE:
                return word(e.effective_confidence) if e.confidence else f"({word('medium')})"
            if column == COL_STAMP:
                return e.stamp
            return e.last_access or "—"
        if role == _FOREGROUND:
            if e.is_wrong:  # set aside, yet readable: Fusion's disabled text was 1.8:1 on white
                return tones.muted()
            if column in (COL_CONFIDENCE, COL_TEXT) and e.effective_confidence == "low":
                return tones.text("low")
            return None
        if role == _DECORATION:
            return icons.icon(e.ontology_kind) if column == COL_KIND else None
        if role == _FONT:
            if e.is_wrong and column == COL_TEXT:
                font = QFont()
                font.setStrikeOut(True)
                return font
            return None
        if role == _ALIGNMENT:
            return _RIGHT_ALIGNED if column == COL_N else None
        if role == ENTRY_ID_ROLE:
            return e.id
        if role == SORT_ROLE:
            return _sort_key(column, e)
        # the tooltip
        if column == COL_TEXT:
            return tooltip(e.display_text)
        if column == COL_KIND and e.kind != e.ontology_kind:
            return tooltip(self.tr("{0}, read as {1}").format(e.kind, word(e.ontology_kind)))
        if column == COL_CONFIDENCE and not e.confidence:
            return self.tr("No confidence written; it reads as medium")
        return None

    def flags(self, index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sort rows on precomputed keys; selections follow their entries."""
        if self.loading:
            if self._planning:  # nothing shown yet: the rows are planned in this order
                self._sort = (column, order)
                return
            self.finish_loading()
        file_order = (-1, Qt.SortOrder.AscendingOrder)
        same = {self._sort, (column, order)} <= {file_order, (COL_N, Qt.SortOrder.AscendingOrder)}
        self._sort = (column, order)
        if same or (column, order) == file_order and not self._ids:
            return  # rows are kept in this order already
        if self._tasks is not None and not self._tasks.closed and len(self._ids) > ASYNC_SORT_ROWS:
            self._sort_in_background()
            return
        new_ids = _ordered_ids(self._ids, self._rows, self._sort)
        if new_ids != self._ids:
            self._relayout(new_ids)

    def _sort_in_background(self) -> None:
        """``sort`` of many rows: the keys made and sorted on a worker, the rows moved here."""
        base = (self.version, self._sort)
        handle = self._tasks.submit_now(self.tr("Sorting the entries"), _order_task, list(self._ids), self._rows,
                                        self._sort, base)
        handle.sig_finished.connect(self._sorted_in_background)

    @Slot(object)
    def _sorted_in_background(self, result) -> None:
        base, new_ids = result
        if base[1] != self._sort:
            return  # sorted otherwise since: that sort's own result comes
        if base[0] != self.version:  # rows changed meanwhile: sort them as they are now
            self._sort_in_background()
            return
        if new_ids != self._ids:
            self._relayout(new_ids)

    def retranslate(self) -> None:
        """Re-read translated headers and words after a language change."""
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(HEADERS) - 1)
        if self._ids:
            self.dataChanged.emit(self.index(0, COL_KIND), self.index(len(self._ids) - 1, COL_CONFIDENCE))

    # -- reloading ----------------------------------------------------------------------------
    def load(self, tasks: TaskManager) -> None:
        """Show the entries of a big warm.md without holding the GUI thread: a worker parses it and
        plans the rows, which are then inserted in slices (``loading`` until ``sig_loaded``)."""
        self._tasks = tasks
        self.loading = self._planning = True
        tasks.hold()  # the rest waits for this parse (see ``TaskManager.hold``), released once loaded
        gcguard.hold()  # collecting would walk the parse's objects on the GUI thread; frozen once loaded
        # started once the event loop turns: a worker parsing beside the GUI thread while it builds
        # the window's panes (a Python call at every widget) slowed that 0.3 s to over a second
        QTimer.singleShot(0, self, self._start_loader)

    @Slot()
    def _start_loader(self) -> None:
        if not self._planning:  # cancelled meanwhile
            return
        self._loader = self._tasks.submit_now(self.tr("Reading the entries"), _load_task, self.memory,
                                              lambda: self._sort)
        self._loader.sig_finished.connect(self._planned)
        self._loader.sig_failed.connect(self._load_failed)

    @Slot(object)
    def _planned(self, result) -> None:
        self._loader = None
        self._planning = False
        error, plan = result
        self.error = error
        self._rows = plan.rows
        self._row_of = plan.row_of
        self._pending = plan.target
        self._pending_facets = plan.facets
        if _same_order(plan.sort, self._sort):
            self._insert_slice()
            return
        # sorted otherwise meanwhile (a header clicked): plan again, in that order
        self._planning = True
        self._loader = self._tasks.submit_now(self.tr("Reading the entries"), _sort_task, plan, lambda: self._sort)
        self._loader.sig_finished.connect(self._planned)
        self._loader.sig_failed.connect(self._load_failed)

    @Slot(object)
    def _load_failed(self, exc: BaseException) -> None:
        self._loader = None
        self._planning = False
        self.error = str(exc)
        self._end_loading()

    @Slot()
    def _insert_slice(self) -> None:
        """Insert the next rows ``load`` planned, as many as fit in ``SLICE_MS``."""
        if not self.loading:
            return
        started = time.perf_counter()
        first = len(self._ids)
        count = min(self._slice_rows, len(self._pending) - first)
        if count > 0:
            self.beginInsertRows(QModelIndex(), first, first + count - 1)
            self._ids.extend(self._pending[first:first + count])
            self.version += 1  # before the proxy filters the new rows
            self.endInsertRows()
        if len(self._ids) < len(self._pending):
            took = max((time.perf_counter() - started) * 1000, 0.1)
            self._slice_rows = max(MIN_SLICE_ROWS, min(int(count * SLICE_MS / took), 4 * count))
            self._slicer.start()  # after the events waiting (a paint, a keystroke)
            return
        self._end_loading()

    def finish_loading(self) -> None:
        """Insert every row ``load`` planned now (a row asked for before its slice came)."""
        if not self.loading or self._planning:
            return
        self._slice_rows = len(self._pending)
        self._insert_slice()

    def _end_loading(self) -> None:
        self._stop_loading()
        facets = self._pending_facets
        self._pending, self._pending_facets = [], None
        self._row_of = {i: r for r, i in enumerate(self._ids)} if len(self._row_of) != len(self._ids) else self._row_of
        self.version += 1
        if facets is not None and len(facets[0]) == len(self._ids):
            self._facets, self._facets_version = facets, self.version
        self.sig_loaded.emit()
        self.sig_reloaded.emit()
        if self._reload_after_load and not self._tasks.closed:
            self._reload_after_load = False
            self.reload_in_background(self._tasks)

    def cancel_loading(self) -> None:
        """The home is closing: stop reading and inserting."""
        if self._loader is not None:
            self._loader.cancel()
            self._loader = None
        self._planning = False
        self._stop_loading()

    def _stop_loading(self) -> None:
        self._slicer.stop()
        if self.loading:
            self.loading = False
            gcguard.release()  # what the load made is kept while the home is open: frozen
            self._tasks.release()

    def reload(self) -> None:
        """Show the entries now (after our own writes: the table shows the result at once)."""
        if self.loading:  # our own write while a big home loads: what is planned is stale
            self.cancel_loading()
            self._pending, self._pending_facets = [], None
            self._row_of = {i: r for r, i in enumerate(self._ids)}
            self._rows = {i: self._rows[i] for i in self._ids}
            self.sig_loaded.emit()
        entries, error = self._read()
        self.error = error
        self._apply(plan_rows(entries, self._ids, self._rows, self._sort))
        self.sig_reloaded.emit()

    def _read(self) -> tuple[list[WarmEntry], str]:
        """The entries and why warm.md cannot be read (""). ``latest()``: the newest parse, never a
        parse or a hash of the file here (the watcher's worker parsed the agent's write)."""
        try:
            return list(self.memory.latest().entries), ""
        except UnreadableFileError as exc:
            return [], str(exc)

    def reload_in_background(self, tasks: TaskManager) -> None:
        """``reload`` with the rows prepared on a worker; ``sig_reloaded`` once they are shown. One
        preparation at a time: changes that come meanwhile are read once it is done."""
        self._tasks = tasks
        if self.loading:  # read once the rows being loaded are all shown
            self._reload_after_load = True
            return
        if self._preparing is not None:
            self._prepare_again = True
            return
        entries, error = self._read()
        base = (self.version, self._sort)
        self._preparing = tasks.submit(self.tr("Reading the changed entries"), _prepare_task, entries,
                                       list(self._ids), dict(self._rows), self._sort, base, error)
        self._preparing.sig_finished.connect(self._prepared)
        self._preparing.sig_done.connect(self._prepare_done)

    @Slot(object)
    def _prepared(self, result) -> None:
        base, error, plan = result
        if base != (self.version, self._sort):  # rows changed or were sorted meanwhile: prepare again
            self._prepare_again = True
            return
        self.error = error
        self._apply(plan)
        self.sig_reloaded.emit()

    @Slot()
    def _prepare_done(self) -> None:
        self._preparing = None
        if self._prepare_again and not self._tasks.closed:
            self._prepare_again = False
            self.reload_in_background(self._tasks)

    def warm_up(self, tasks: TaskManager) -> None:
        """Make the filter's facets of every row (``all_facets``) on a worker, not on the first
        keystroke; they are taken when the rows did not change meanwhile. (``load`` made them.)"""
        if self.loading:
            return
        rows = [self._rows[i] for i in self._ids]
        handle = tasks.submit(self.tr("Preparing the entries filter"), _facets_task, rows, self.version)
        handle.sig_finished.connect(self._warmed_up)

    @Slot(object)
    def _warmed_up(self, result) -> None:
        version, facets = result
        if version == self.version and self._facets_version != version:
            self._facets, self._facets_version = facets, version

    def _sorted(self, ids: list[str], rows: dict[str, _Row] | None = None) -> list[str]:
        return _sorted_ids(ids, rows or self._rows, self._sort)

    def _apply(self, plan: RowsPlan) -> None:
        # 1. rows whose entry is gone, bottom-up in contiguous runs
        for first, last in reversed(plan.gone):
            self.beginRemoveRows(QModelIndex(), first, last)
            del self._ids[first:last + 1]
            self.endRemoveRows()
        if plan.gone:
            self._row_of = plan.survivors_row_of
            self.version += 1
        # 2. survivors whose order changed (a sort key changed, or the file was reordered)
        if plan.wanted is not None:
            self._relayout(plan.wanted)
        # 3. rows changed in place: new text, number, confidence...
        self._rows = plan.rows
        if plan.changed:
            self.version += 1
        for first, last in plan.changed:
            self.dataChanged.emit(self.index(first, 0), self.index(last, len(HEADERS) - 1))
        # 4. new entries, top-down at their target positions
        for k, (first, last) in enumerate(plan.inserts):
            self.beginInsertRows(QModelIndex(), first, last)
            self._ids[first:first] = plan.target[first:last + 1]
            if k == len(plan.inserts) - 1:
                self._settle(plan)
            else:
                self._reindex()
            self.endInsertRows()
        if not plan.inserts:
            self._settle(plan)

    def _settle(self, plan: RowsPlan) -> None:
        """The rows are ``plan.target`` now: take the index and the filter facets made with it."""
        self._row_of = plan.row_of
        self.version += 1
        if plan.facets is not None:
            self._facets, self._facets_version = plan.facets, self.version

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
            if self._pending_facets is not None:  # loading: the rows inserted so far are planned ones
                n = len(self._ids)
                self._facets = tuple(f[:n] for f in self._pending_facets)
            else:
                self._facets = _facets_of([self._rows[i] for i in self._ids])
            self._facets_version = self.version
        return self._facets


def _file_size(path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def _load_task(_state, memory: Memory, sort_now):
    """``load``'s work: warm.md parsed (``Memory.document``, shared with every reader of the
    process) and every row planned in the order ``sort_now()`` gives as the parse ends."""
    try:
        entries, error = list(memory.document().entries), ""
    except UnreadableFileError as exc:
        entries, error = [], str(exc)
    return error, _planned_rows(entries, {}, sort_now())


def _sort_task(_state, plan: "LoadPlan", sort_now):
    # ``plan.rows`` is in warm.md's order (made from the parse's entries)
    return "", _planned_rows([r.entry for r in plan.rows.values()], plan.rows, sort_now())


def _in_file_order(sort: tuple[int, Qt.SortOrder]) -> bool:
    return sort[0] < 0 or sort == (COL_N, Qt.SortOrder.AscendingOrder)  # [n] is the position


def _same_order(a: tuple[int, Qt.SortOrder], b: tuple[int, Qt.SortOrder]) -> bool:
    return a == b or (_in_file_order(a) and _in_file_order(b))


@dataclass
class LoadPlan:
    """The rows ``load`` inserts: ids in order, the row and position of each, the facets."""

    target: list[str]
    rows: dict[str, _Row]
    row_of: dict[str, int]
    facets: tuple[list[str], list[str], list[str]]
    sort: tuple[int, Qt.SortOrder]


def _planned_rows(entries: list[WarmEntry], rows: dict[str, _Row], sort) -> LoadPlan:
    if not rows:
        rows = {e.id: _Row(e) for e in entries}
    ids = [e.id for e in entries]
    target = ids if _in_file_order(sort) else _sorted_ids(ids, rows, sort)
    ordered = [rows[i] for i in target]
    return LoadPlan(target, rows, {i: r for r, i in enumerate(target)}, _facets_of(ordered), sort)


def _order_task(_state, ids, rows, sort, base):
    return base, _ordered_ids(ids, rows, sort)


def _prepare_task(_state, entries, old_ids, old_rows, sort, base, error):
    return base, error, plan_rows(entries, old_ids, old_rows, sort, facets=True)


def _facets_task(_state, rows: list[_Row], version: int):
    return version, _facets_of(rows)


def _facets_of(rows: list[_Row]) -> tuple[list[str], list[str], list[str]]:
    """(ontology kinds, effective confidences, filter texts) of ``rows``, in their order."""
    return ([r.entry.ontology_kind for r in rows], [r.entry.effective_confidence for r in rows],
            [r.haystack for r in rows])


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
        self._everything = True  # no filter set
        self._source: EntriesModel | None = None
        self.setDynamicSortFilter(False)

    def setSourceModel(self, model: EntriesModel | None) -> None:  # noqa: N802 - Qt override
        self._source = model  # kept here: ``sourceModel()`` is a call into Qt, 10k of them per keystroke
        super().setSourceModel(model)

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
        self._everything = self._kinds is None and self._confidences is None and not self._terms
        # invalidate() rebuilds the mapping and emits one layout change; the incremental filter
        # update emits a remove/insert pair per run of rows, thousands at 10k entries, each one
        # handled by the view and by every listener: 5 to 10 times slower.
        self.invalidate()

    def _compute_accepted(self) -> list[bool]:
        kinds, confidences, texts = self._source.all_facets()
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
        if self._everything:
            return True
        version = (self._source.version, self._generation)
        if self._accepted_version != version:
            self._accepted = self._compute_accepted()
            self._accepted_version = version
        return self._accepted[source_row]

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        # The source sorts on precomputed keys; the proxy keeps the source order.
        self.sourceModel().sort(column, order)

    def entry_id(self, index: QModelIndex) -> str | None:
        return index.data(ENTRY_ID_ROLE) if index.isValid() else None

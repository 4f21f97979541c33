"""Every round the home records (``core.history.rounds.home_rounds``), newest first, as a table;
and a filter proxy over it by question text, level, source and day.

Rows are keyed by the round's key (``KeyRole``: the trace id, else turn and time) so a selection
survives a reload.
"""
from __future__ import annotations

from PySide6.QtCore import (
    QT_TRANSLATE_NOOP, QAbstractTableModel, QCoreApplication, QModelIndex, QObject, QSortFilterProxyModel, Qt,
)

from linghun.core.history.rounds import HomeRound
from linghun.workbench import clock
from linghun.workbench.models.columns import TranslatedColumns


def _tr(text: str) -> str:
    return QCoreApplication.translate("HomeRoundsModel", text)


SOURCE_TITLES = {"agent": QT_TRANSLATE_NOOP("HomeRoundsModel", "agent"),
                 "trace": QT_TRANSLATE_NOOP("HomeRoundsModel", "workbench / CLI")}
STATUS_TITLES = {"ok": QT_TRANSLATE_NOOP("HomeRoundsModel", "ok"),
                 "no bundle": QT_TRANSLATE_NOOP("HomeRoundsModel", "no bundle")}
TRACE_TIPS = (QT_TRANSLATE_NOOP("HomeRoundsModel", "Only the agent's ledgers: judgment, bundle record, feedback"),
              QT_TRANSLATE_NOOP("HomeRoundsModel", "A full trace is kept (every role, LLM call and file)"))


class HomeRoundsModel(TranslatedColumns, QAbstractTableModel):
    COLUMNS = (QT_TRANSLATE_NOOP("HomeRoundsModel", "Time"), QT_TRANSLATE_NOOP("HomeRoundsModel", "Question"),
               QT_TRANSLATE_NOOP("HomeRoundsModel", "Level"), QT_TRANSLATE_NOOP("HomeRoundsModel", "Strategy"),
               QT_TRANSLATE_NOOP("HomeRoundsModel", "By"), QT_TRANSLATE_NOOP("HomeRoundsModel", "Trace"),
               QT_TRANSLATE_NOOP("HomeRoundsModel", "Status"))
    TR_CONTEXT = "HomeRoundsModel"
    KeyRole = Qt.ItemDataRole.UserRole + 1
    RoundRole = Qt.ItemDataRole.UserRole + 2

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[HomeRound] = []

    def set_rounds(self, rounds: list[HomeRound]) -> None:
        self.beginResetModel()
        self._rows = list(rounds)
        self.endResetModel()

    def rounds(self) -> list[HomeRound]:
        return list(self._rows)

    def row_of(self, key: str) -> int:
        return next((i for i, r in enumerate(self._rows) if r.key == key), -1)

    def rowCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: N802 - Qt override
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: N802 - Qt override
        return 0 if parent.isValid() else len(self.COLUMNS)

    def data(self, index: QModelIndex, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        r = self._rows[index.row()]
        if role == self.KeyRole:
            return r.key
        if role == self.RoundRole:
            return r
        if role == Qt.ItemDataRole.DisplayRole:
            column = index.column()
            if column == 0:
                return clock.shown(r.at)
            if column == 1:
                return r.query
            if column == 2:
                return r.level or ""
            if column == 3:
                return r.strategy or ""
            if column == 4:
                return _tr(SOURCE_TITLES.get(r.source, r.source))
            if column == 5:
                return "✓" if r.has_trace else "—"
            if column == 6:
                return _tr(STATUS_TITLES[r.status]) if r.status in STATUS_TITLES else (r.status or "")
        if role == Qt.ItemDataRole.ToolTipRole and index.column() == 5:
            return _tr(TRACE_TIPS[r.has_trace])
        return None


class HomeRoundsFilter(QSortFilterProxyModel):
    """Rows whose question contains the text (case-insensitive), at the level, by the source,
    on or after the day (``YYYY-MM-DD``); empty values do not filter."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.text = ""
        self.level = ""
        self.source = ""
        self.since = ""

    def set_filter(self, text: str = "", level: str = "", source: str = "", since: str = "") -> None:
        self.beginFilterChange()
        self.text, self.level, self.source, self.since = text.strip().lower(), level, source, since.strip()
        self.endFilterChange()

    def filterAcceptsRow(self, row: int, parent: QModelIndex) -> bool:  # noqa: N802 - Qt override
        r: HomeRound = self.sourceModel().index(row, 0, parent).data(HomeRoundsModel.RoundRole)
        if r is None:
            return False
        if self.text and self.text not in r.query.lower():
            return False
        if self.level and r.level != self.level:
            return False
        if self.source and r.source != self.source:
            return False
        return not (self.since and clock.shown(r.at, clock.DAY) < self.since)

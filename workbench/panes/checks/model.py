"""The checks as a table: one row per check (by its stable id), red or green by its last result."""
from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QT_TRANSLATE_NOOP, Qt
from PySide6.QtGui import QBrush, QColor

from linghun.core.checks.model import Check
from linghun.core.checks.run import CheckResult
from linghun.workbench import tones
from linghun.workbench.models.columns import TranslatedColumns

#: the plot's series (they read on both themes); the table draws a result in its tone at ``data()``
PASS_COLOUR = QColor(tones.SERIES["emerald"])
FAIL_COLOUR = QColor(tones.SERIES["crimson"])
PASS_BACK = QColor(30, 132, 73, 40)
FAIL_BACK = QColor(192, 57, 43, 50)


class ChecksModel(TranslatedColumns, QAbstractTableModel):
    """Checks and their results. ``IdRole`` gives a row's check id."""

    COLUMNS = (QT_TRANSLATE_NOOP("ChecksModel", "Result"), QT_TRANSLATE_NOOP("ChecksModel", "Question"),
               QT_TRANSLATE_NOOP("ChecksModel", "Entries"), QT_TRANSLATE_NOOP("ChecksModel", "Made from"))
    TR_CONTEXT = "ChecksModel"
    IdRole = Qt.ItemDataRole.UserRole + 1

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._checks: list[Check] = []
        self._results: dict[str, CheckResult] = {}

    def set_checks(self, checks: list[Check], results: dict[str, CheckResult] | None = None) -> None:
        self.beginResetModel()
        self._checks = list(checks)
        if results is not None:
            self._results = dict(results)
        self.endResetModel()

    def checks(self) -> list[Check]:
        return list(self._checks)

    def result(self, check_id: str) -> CheckResult | None:
        return self._results.get(check_id)

    def check(self, check_id: str) -> Check | None:
        return next((c for c in self._checks if c.id == check_id), None)

    def row_of(self, check_id: str) -> int:
        return next((i for i, c in enumerate(self._checks) if c.id == check_id), -1)

    def failing(self) -> list[str]:
        return [c.id for c in self._checks if (r := self._results.get(c.id)) is not None and not r.passed]

    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: N802,B008 - Qt override
        return 0 if parent.isValid() else len(self._checks)

    def columnCount(self, parent=QModelIndex()) -> int:  # noqa: N802,B008 - Qt override
        return 0 if parent.isValid() else len(self.COLUMNS)

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or not 0 <= index.row() < len(self._checks):
            return None
        check = self._checks[index.row()]
        result = self._results.get(check.id)
        column = index.column()
        if role == self.IdRole:
            return check.id
        if role == Qt.ItemDataRole.DisplayRole:
            if column == 0:
                if result is None:
                    return self.tr("not run")
                return self.tr("pass") if result.passed else self.tr("FAIL")
            if column == 1:
                return check.question
            if column == 2:
                shown = "" if result is None else f"{len(result.expected) - len(result.missing)}/"
                return f"{shown}{len(check.expect)}" + (f" (−{len(check.forbid)})" if check.forbid else "")
            if column == 3:
                return check.made_from
        if role == Qt.ItemDataRole.ForegroundRole and column == 0 and result is not None:
            return QBrush(tones.text("ok" if result.passed else "error"))
        if role == Qt.ItemDataRole.BackgroundRole and result is not None:
            return QBrush(PASS_BACK if result.passed else FAIL_BACK)
        if role == Qt.ItemDataRole.ToolTipRole and column == 1:
            return check.note or check.question
        return None


__all__ = ["ChecksModel"]

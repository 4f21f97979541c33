"""The parts of what the agent was shown in one turn (``core.context.AgentContext.to_dict()``).

One row per part in the order the agent got them; the "Use" column carries the part's size as a
fraction of its budget (``FractionRole``) for the bar delegate of the context pane.
"""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, QAbstractTableModel, QCoreApplication, QModelIndex, QPersistentModelIndex, Qt

from linghun.workbench.models.columns import TranslatedColumns
from linghun.workbench.plaintext import tooltip


class ContextPartsModel(TranslatedColumns, QAbstractTableModel):
    TR_CONTEXT = "ContextPartsModel"
    COLUMNS = (QT_TRANSLATE_NOOP("ContextPartsModel", "Part"), QT_TRANSLATE_NOOP("ContextPartsModel", "Characters"),
               QT_TRANSLATE_NOOP("ContextPartsModel", "Budget"), QT_TRANSLATE_NOOP("ContextPartsModel", "Use"))
    USE_COLUMN = 3
    FractionRole = Qt.ItemDataRole.UserRole + 1   # chars / budget (None: no budget)
    KeyRole = Qt.ItemDataRole.UserRole + 2
    TruncatedRole = Qt.ItemDataRole.UserRole + 3  # the part was cut to fit its budget

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.parts: list[dict[str, Any]] = []

    def set_parts(self, parts: list[dict[str, Any]]) -> None:
        self.beginResetModel()
        self.parts = [dict(p) for p in parts]
        self.endResetModel()

    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: N802 - Qt override
        return 0 if parent.isValid() else len(self.parts)

    def columnCount(self, parent=QModelIndex()) -> int:  # noqa: N802 - Qt override
        return 0 if parent.isValid() else len(self.COLUMNS)

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.parts):
            return None
        part = self.parts[index.row()]
        budget = int(part.get("budget") or 0)
        fraction = part["chars"] / budget if budget else None
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if column == 0:
                return part["title"] + (" ✂" if part.get("truncated") else "")
            if column == 1:
                return str(part["chars"])
            if column == 2:
                return str(budget) if budget else "∞"
            return f"{fraction:.0%}" if fraction is not None else ""
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (1, 2):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole and column == 0:
            cut = QCoreApplication.translate("ContextPartsModel", " (cut from %1 characters)").replace(
                "%1", str(part.get("full_chars"))) if part.get("truncated") else ""
            return tooltip(str(part.get("source") or "") + cut)
        if role == self.FractionRole:
            return fraction
        if role == self.KeyRole:
            return part["key"]
        if role == self.TruncatedRole:
            return bool(part.get("truncated"))
        return None

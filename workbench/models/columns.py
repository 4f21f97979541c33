"""Column headers shared by the item models: ``COLUMNS`` marked with
``QT_TRANSLATE_NOOP(TR_CONTEXT, ...)`` and shown translated in the horizontal header."""
from __future__ import annotations

from typing import ClassVar

from PySide6.QtCore import QCoreApplication, Qt


class TranslatedColumns:
    """Mix into a Qt item model that defines ``COLUMNS`` and ``TR_CONTEXT``."""

    COLUMNS: ClassVar[tuple[str, ...]] = ()
    TR_CONTEXT: ClassVar[str] = ""

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):  # noqa: N802 - Qt override
        if (orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole
                and 0 <= section < len(self.COLUMNS)):
            return QCoreApplication.translate(self.TR_CONTEXT, self.COLUMNS[section])
        return None

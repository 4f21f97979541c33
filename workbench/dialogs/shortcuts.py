"""Help > Keyboard shortcuts: every shortcut the window has, read from its actions.

The list is generated, not written by hand: each ``QAction`` of the window with a shortcut is a
row, under the pane it belongs to (a pane's keys work while the focus is in that pane, so two panes
may use the same key) or under "Everywhere" for the window's own actions.
"""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QAbstractItemView, QDialog, QDialogButtonBox, QHeaderView, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget,
)

from linghun.workbench.palette import commands


def shortcut_rows(window) -> list[tuple[str, str, str]]:
    """(where, what, keys) for every command of ``window`` with a shortcut, window actions first:
    the palette's list (``workbench.palette.commands``), so a key listed here is a command there."""
    everywhere = QCoreApplication.translate("ShortcutsDialog", "Everywhere")
    rows = [(c.where if c.pane else everywhere, c.text, c.keys) for c in commands(window) if c.keys]
    rows.sort(key=lambda r: (r[0] != everywhere, r[0], r[1]))
    return rows


class ShortcutsDialog(QDialog):
    """The table of ``shortcut_rows``."""

    def __init__(self, window, parent: QWidget | None = None) -> None:
        super().__init__(parent or window)
        self.setWindowTitle(self.tr("Keyboard shortcuts"))
        rows = shortcut_rows(window)
        self.table = QTableWidget(len(rows), 3, self)
        self.table.setObjectName("shortcuts-table")
        self.table.setHorizontalHeaderLabels([self.tr("Where"), self.tr("Action"), self.tr("Keys")])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        for r, values in enumerate(rows):
            for c, value in enumerate(values):
                self.table.setItem(r, c, QTableWidgetItem(value))
        self.table.resizeColumnsToContents()
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(buttons)
        self.resize(560, 520)

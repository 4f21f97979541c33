"""An entry being edited changed on disk: reload it, keep the edit, or merge the two.

The dialog shows what the other writer changed (disk against the text the edit started from) and
what the edit changes. It never writes anything; the caller acts on the choice.
"""
from __future__ import annotations

from enum import Enum
from functools import partial

from PySide6.QtWidgets import (
    QDialog, QDialogButtonBox, QLabel, QPushButton, QTabWidget, QVBoxLayout, QWidget,
)

from linghun.workbench.actions import on_trigger
from linghun.workbench.dialogs.diff import DiffView


class Choice(str, Enum):
    RELOAD = "reload"  # drop the edit, show the file's text
    KEEP = "keep"      # keep the edit as it is (saving it will replace the other change)
    MERGE = "merge"    # take the other writer's changes to the fields the edit did not touch


class ConflictDialog(QDialog):
    def __init__(self, what: str, base: str, mine: str, theirs: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Changed on disk"))
        self.resize(720, 460)
        self.choice = Choice.KEEP
        layout = QVBoxLayout(self)
        label = QLabel(self.tr(
            "{0} was changed by another program while you were editing it. Your edit is not saved yet "
            "and nothing has been overwritten.").format(what))
        label.setWordWrap(True)
        layout.addWidget(label)
        tabs = QTabWidget(self)
        theirs_view, mine_view = DiffView(self), DiffView(self)
        theirs_view.show_change(base, theirs, "on disk")
        mine_view.show_change(base, mine, "your edit")
        tabs.addTab(theirs_view, self.tr("Their change"))
        tabs.addTab(mine_view, self.tr("Your edit"))
        layout.addWidget(tabs)
        buttons = QDialogButtonBox(self)
        for choice, text, tip in (
            (Choice.RELOAD, self.tr("Reload"), self.tr("Drop your edit and show the text on disk")),
            (Choice.KEEP, self.tr("Keep My Edit"), self.tr("Keep editing your version; saving replaces theirs")),
            (Choice.MERGE, self.tr("Merge"), self.tr("Take their changes to the fields you did not edit")),
        ):
            button = QPushButton(text, self)
            button.setToolTip(tip)
            on_trigger(button.clicked, partial(self._choose, choice))
            buttons.addButton(button, QDialogButtonBox.ButtonRole.ActionRole)
        layout.addWidget(buttons)

    def _choose(self, choice: Choice) -> None:
        self.choice = choice
        self.accept()

    @classmethod
    def ask(cls, what: str, base: str, mine: str, theirs: str, parent: QWidget | None = None) -> Choice:
        """Ask modally (tests patch this); closing the dialog keeps the edit."""
        dialog = cls(what, base, mine, theirs, parent)
        dialog.exec()
        return dialog.choice

"""The add / edit goal dialog: statement, speaker, domain, priority and up to two bridge triggers."""
from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtWidgets import (
    QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QLineEdit, QVBoxLayout, QWidget,
)

from linghun.core.goals import PRIORITIES, Goal
from linghun.core.goals.model import MAX_TRIGGERS, clean_triggers
from linghun.workbench.models.goals import priority_name

AUTO = ""  # the combo value that lets the core choose (the lexicon's domain, the default priority)


@dataclass
class GoalDraft:
    """What the dialog collected; empty domain / priority let the core decide."""

    statement: str
    speaker: str
    domain: str
    priority: str
    triggers: list[str]


class GoalDialog(QDialog):
    """Collects a goal's fields; never writes (the pane turns the draft into an undoable command)."""

    def __init__(self, domains: list[str], goal: Goal | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Edit goal %1").replace("%1", goal.id) if goal else self.tr("New goal"))
        self.statement = QLineEdit(self)
        self.speaker = QLineEdit(self)
        self.speaker.setPlaceholderText("user")
        self.domain = QComboBox(self)
        self.domain.setEditable(True)
        self.domain.addItem(self.tr("(from the lexicon)"), AUTO)
        for name in domains:
            self.domain.addItem(name, name)
        self.priority = QComboBox(self)
        self.priority.addItem(self.tr("(default)"), AUTO)
        for p in PRIORITIES:
            self.priority.addItem(priority_name(p), p)
        self.triggers = [QLineEdit(self) for _ in range(MAX_TRIGGERS)]
        for edit in self.triggers:
            edit.setPlaceholderText(self.tr("a situation that should bring this goal to mind"))
        form = QFormLayout()
        form.addRow(self.tr("Statement"), self.statement)
        form.addRow(self.tr("Speaker"), self.speaker)
        form.addRow(self.tr("Domain"), self.domain)
        form.addRow(self.tr("Priority"), self.priority)
        for i, edit in enumerate(self.triggers, start=1):
            form.addRow(self.tr("Bridge trigger %1").replace("%1", str(i)), edit)
        note = QLabel(self.tr("High and medium goals get suggested triggers when none are given."), self)
        note.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.statement.textChanged.connect(self._update_ok)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(note)
        layout.addWidget(buttons)
        self.resize(520, self.sizeHint().height())
        if goal is not None:
            self._fill(goal)
        self._update_ok()

    def _fill(self, goal: Goal) -> None:
        self.statement.setText(goal.statement)
        self.speaker.setText(goal.speaker)
        self.speaker.setReadOnly(True)  # a goal never changes speaker: merging never crosses speakers
        i = self.domain.findData(goal.domain)
        if i < 0:
            self.domain.addItem(goal.domain, goal.domain)
            i = self.domain.count() - 1
        self.domain.setCurrentIndex(i)
        self.priority.setCurrentIndex(max(0, self.priority.findData(goal.priority)))
        for edit, trigger in zip(self.triggers, goal.triggers):
            edit.setText(trigger)

    def _update_ok(self) -> None:
        self.ok_button.setEnabled(bool(self.statement.text().strip()))

    def draft(self) -> GoalDraft:
        domain = self.domain.currentData() if self.domain.currentText() == self.domain.itemText(
            self.domain.currentIndex()) else self.domain.currentText()
        return GoalDraft(statement=self.statement.text().strip(), speaker=self.speaker.text().strip() or "user",
                         domain=(domain or AUTO).strip().lower(), priority=self.priority.currentData() or AUTO,
                         triggers=clean_triggers([e.text() for e in self.triggers]))
